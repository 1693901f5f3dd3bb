import { signOutLosesChanges } from './staff-offline';

describe('what signing out with changes still waiting would lose', () => {
  it('names each change, Could not deliver and its photo too', () => {
    const message = signOutLosesChanges([
      { name: 'James Whitaker', change: { to: 'out-for-delivery' } },
      { name: 'Maria Lopez', change: { to: 'could-not-deliver', reason: 'gate-code', photo: new Blob(['x']) } },
    ]);
    expect(message).toMatch(
      /^2 changes have not been sent yet: James Whitaker: Out for delivery; Maria Lopez: Could not deliver \(with its photo\)\. /,
    );
    expect(message).toContain('they will never be sent, and the photos with them.');
  });

  it('speaks of door photos when those are among them, and of no photo when none waits', () => {
    expect(
      signOutLosesChanges([
        { name: 'Ana', change: { to: 'delivered', method: 'door', photo: new Blob(['x']) } },
        { name: 'Ben', change: { to: 'could-not-deliver', reason: 'refused' } },
      ]),
    ).toContain(
      'Ben: Could not deliver. They are kept only on this device until it has a connection. Signing out now deletes them: they will never be sent, and the door photos with them.',
    );
    expect(signOutLosesChanges([{ name: 'Ben', change: { to: 'could-not-deliver', reason: 'refused' } }])).toContain(
      '1 change has not been sent yet: Ben: Could not deliver. They are kept',
    );
    expect(signOutLosesChanges([{ name: 'Ben', change: { to: 'could-not-deliver', reason: 'refused' } }])).toMatch(
      /they will never be sent\. /,
    );
  });
});
