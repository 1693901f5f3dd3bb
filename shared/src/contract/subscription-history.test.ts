import { actorText, describeHistoryEvent, type HistoryActor, type HistoryEvent } from './subscription-history';

const at = '2026-11-01T12:00:00.000Z';
const rosa: HistoryActor = { kind: 'subscriber', name: 'rosa@example.com' };
const bea: HistoryActor = { kind: 'staff', name: 'Bea Boss' };
const title = (event: HistoryEvent) => describeHistoryEvent(event).title;
const change = (kind: string, detail: Record<string, unknown>, by = rosa) => title({ kind: 'change', at, by, change: kind, detail });
const delivery = (kind: 'status' | 'assign' | 'proof', detail: Record<string, unknown>, assignee?: { name: string; email: string }) =>
  title({ kind: 'delivery', at, month: '2026-11', by: bea, change: kind, detail, photoUrl: null, ...(assignee ? { assignee } : {}) });

describe("a subscription's history in words", () => {
  it("says each of a subscriber's changes", () => {
    expect(change('pause', { from: '2026-12', until: '2027-02' })).toBe('Paused December 2026 to February 2027');
    expect(change('resume', { from: '2026-12', until: '2027-02', keptUntil: null })).toBe('Resumed');
    expect(change('resume', { from: '2026-12', until: '2027-02', keptUntil: '2026-12' })).toBe(
      'Shortened the pause: it now ends after December 2026',
    );
    expect(change('months', { from: [1, 3], to: [1, 3, 5] })).toBe('Changed the months from January, March to January, March, May');
    expect(change('address', { changed: ['address', 'deliveryNotes'] })).toBe('Changed the delivery details (address, delivery notes)');
    expect(change('cancel', { endsAfter: '2027-01' })).toBe('Cancelled: the last delivery is January 2027');
    expect(
      describeHistoryEvent({
        kind: 'change',
        at,
        by: rosa,
        change: 'skip',
        detail: { month: '2026-12', paymentsMoved: [{ from: '2026-12', to: '2027-01' }] },
      }).detail,
    ).toBe('The payment for December 2026 now pays for January 2027.');
  });

  it("says what the payment provider's events did", () => {
    const provider: HistoryActor = { kind: 'provider', name: 'The payment provider' };
    expect(
      change('status', { event: 'payment_intent.payment_failed', from: { status: 'active' }, to: { status: 'past-due' } }, provider),
    ).toBe('Status: Active to Past due');
    expect(
      change(
        'status',
        { from: { status: 'cancelled', endsAfter: '2027-02' }, to: { status: 'cancelled', endsAfter: '2027-01' } },
        provider,
      ),
    ).toBe('Last delivery moved to January 2027 (a charge was declined)');
    const disputed = (outcome: string, from: string, to: string) =>
      change('dispute', { amountCents: 9900, outcome, from: { status: from }, to: { status: to } }, provider);
    expect(disputed('open', 'active', 'disputed')).toBe('A $99 charge was disputed with the bank: deliveries held');
    expect(disputed('won', 'disputed', 'active')).toBe('Dispute won: the $99 charge stands, deliveries released');
    expect(disputed('lost', 'disputed', 'disputed')).toBe('Dispute lost: the $99 charge went back to the payer; deliveries stay held');
  });

  it("says each change to a month's delivery", () => {
    expect(delivery('assign', { to: null })).toBe('November 2026 delivery: Unassigned');
    // The assignee by name, as the one who assigned is named; by e-mail when they have none, or the server sent none.
    expect(delivery('assign', { to: 'nico@example.com' }, { name: 'Nico Alvarez', email: 'nico@example.com' })).toBe(
      'November 2026 delivery: Assigned to Nico Alvarez',
    );
    expect(delivery('assign', { to: 'nico@example.com' }, { name: '', email: 'nico@example.com' })).toBe(
      'November 2026 delivery: Assigned to nico@example.com',
    );
    expect(delivery('assign', { to: 'nico@example.com' })).toBe('November 2026 delivery: Assigned to nico@example.com');
    expect(delivery('proof', { method: 'hand', photo: null })).toBe('November 2026 delivery: Delivered: hand-delivered');
    expect(delivery('status', { from: 'not-started', to: 'delivered', undo: true, restoredPhoto: 'p.jpg' })).toBe(
      'November 2026 delivery: Not Started to Delivered (undone reset, photo back)',
    );
  });

  it('says whether each e-mail went', () => {
    const email = (state: 'sent' | 'waiting' | 'given-up', attempts: number) =>
      describeHistoryEvent({ kind: 'email', at, subject: 'Hello', state, sentAt: null, attempts }).detail;
    expect(email('sent', 1)).toBe('Sent');
    expect(email('waiting', 1)).toBe('Not sent yet (1 try so far)');
    expect(email('given-up', 24)).toBe('Given up after 24 tries');
  });
});

describe('who did it', () => {
  it('is a staff member by name with their e-mail beside it, anyone else as named', () => {
    expect(actorText({ kind: 'staff', name: 'Bea Boss', email: 'boss@blooms.example' })).toBe('Bea Boss (boss@blooms.example)');
    // Added by e-mail alone: the e-mail is the name.
    expect(actorText({ kind: 'staff', name: 'boss@blooms.example', email: 'boss@blooms.example' })).toBe('boss@blooms.example');
    expect(actorText(rosa)).toBe('rosa@example.com');
    expect(actorText({ kind: 'provider', name: 'The payment provider' })).toBe('The payment provider');
  });
});
