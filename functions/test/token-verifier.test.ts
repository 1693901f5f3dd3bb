import { firebaseTokenVerifier } from '../src/auth/token-verifier';
import {
  deleteAccount,
  disableAccount,
  expire,
  nextWholeSecond,
  revokeSessions,
  signInWithGoogle,
  TEST_PROJECT_ID,
} from './support/identities';

const RECHECK_MS = 30_000;

/** A verifier on a clock the test moves, so "within the recheck window" is exact. */
function verifierAt(startMs = Date.now()) {
  const clock = { now: startMs };
  return { verifier: firebaseTokenVerifier(TEST_PROJECT_ID, RECHECK_MS, () => clock.now), clock };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => error.message,
  );

describe('firebaseTokenVerifier (Auth emulator)', () => {
  it('accepts a good token with its identity, and refuses an expired one', async () => {
    const { verifier } = verifierAt();
    const { idToken, uid } = await signInWithGoogle('Verified.Person@blooms.example');
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ uid, email: 'verified.person@blooms.example', emailVerified: true });
    expect(await refusal(verifier.verify(expire(idToken)))).toBe('Your session has expired. Please sign in again.');
  });

  it('refuses a token for another project, a changed token and one that is no token', async () => {
    const { verifier } = verifierAt();
    const { idToken } = await signInWithGoogle('forger@blooms.example');
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const withClaims = (changed: object) => `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changed })).toString('base64url')}.`;
    const couldNotVerify = 'Your sign-in could not be verified. Please sign in again.';
    expect(await refusal(verifier.verify(withClaims({ aud: 'someone-elses-project' })))).toBe(couldNotVerify);
    expect(await refusal(verifier.verify(withClaims({ iss: 'https://securetoken.google.com/someone-elses-project' })))).toBe(
      couldNotVerify,
    );
    expect(await refusal(verifier.verify(withClaims({ sub: '' })))).toBe(couldNotVerify);
    const signedHeader = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    expect(await refusal(verifier.verify(`${signedHeader}.${payload}.c2lnbmF0dXJl`))).toBe(couldNotVerify);
    expect(await refusal(verifier.verify('not-a-token'))).toBe(couldNotVerify);
  });

  it('checks an account it has not seen at once: disabled and deleted accounts are refused on their first request', async () => {
    const { verifier } = verifierAt();
    const disabled = await signInWithGoogle('disabled-first@blooms.example');
    await disableAccount(disabled.uid);
    expect(await refusal(verifier.verify(disabled.idToken))).toBe('This account has been disabled.');
    const deleted = await signInWithGoogle('deleted-first@blooms.example');
    await deleteAccount(deleted.uid);
    expect(await refusal(verifier.verify(deleted.idToken))).toBe('This account no longer exists.');
  });

  it('trusts a checked account for the recheck window, then sees it disabled', async () => {
    const { verifier, clock } = verifierAt();
    const { idToken, uid } = await signInWithGoogle('disabled-later@blooms.example');
    await verifier.verify(idToken);
    await disableAccount(uid);
    clock.now += RECHECK_MS - 1;
    expect(await refusal(verifier.verify(idToken))).toBe('accepted');
    clock.now += 1;
    expect(await refusal(verifier.verify(idToken))).toBe('This account has been disabled.');
  });

  it('ends sessions signed in before a revocation, and accepts a sign-in after it', async () => {
    const { verifier, clock } = verifierAt();
    const before = await signInWithGoogle('revoked@blooms.example');
    await verifier.verify(before.idToken);
    await nextWholeSecond();
    await revokeSessions(before.uid);
    clock.now += RECHECK_MS;
    expect(await refusal(verifier.verify(before.idToken))).toBe('Your session was ended. Please sign in again.');
    await nextWholeSecond();
    const after = await signInWithGoogle('revoked@blooms.example');
    expect(await refusal(verifier.verify(after.idToken))).toBe('accepted');
  });

  it("takes what the live streams' recheck learns: an account found disabled there is refused at once", async () => {
    const { verifier } = verifierAt();
    const { idToken, uid } = await signInWithGoogle('disabled-live-check@blooms.example');
    await verifier.verify(idToken);
    await disableAccount(uid);
    const states = await verifier.accountStates([uid]);
    expect(states.get(uid)).toMatchObject({ usable: false });
    expect(await refusal(verifier.verify(idToken))).toBe('This account has been disabled.');
  });
});
