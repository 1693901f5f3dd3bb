import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { isStaff, useAuthStore } from '@blooms/shared/runtime/auth-store';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { isEmailAddress } from '@blooms/shared/contract/validation';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH, LOGIN_EMAIL_PARAM } from '@blooms/shared/contract/routes';
import { ACCOUNT_CHANGES, SUBSCRIBER_SIGN_IN } from '@blooms/shared/contract/site';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { ensureAuthStarted } from './start-auth';
import { LocalSignInDialog } from './LocalSignInDialog';
import type { SessionController, SessionOutcome } from './firebase-session';
import type { LoginRedirectState } from './RequireAccess';

export function LoginPage() {
  const signedInStaff = useAuthStore(isStaff);
  const role = useAuthStore((s) => s.role);
  const email = useAuthStore((s) => s.user?.email);
  const deniedPath = (useLocation().state as LoginRedirectState | null)?.deniedPath;
  const invitedEmail = invitationAddress(useSearchParams()[0].get(LOGIN_EMAIL_PARAM));
  const [session, setSession] = useState<SessionController | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [busy, setBusy] = useState(false);
  const [localDialogOpen, setLocalDialogOpen] = useState(false);

  useEffect(() => {
    document.title = 'Login | Monthly Blooms';
    ensureAuthStarted().then(setSession, () => setUnavailable(true));
  }, []);

  // Employees drive: their day starts at My Deliveries. Admins dispatch from the dashboard.
  if (signedInStaff && !deniedPath) return <Navigate to={role === 'admin' ? '/dashboard' : '/my-deliveries'} replace />;

  async function attempt(signIn: () => Promise<SessionOutcome>) {
    setBusy(true);
    try {
      // A missing user record shows its own alert; anything else that fails shows this one.
      if ((await signIn()) === 'failed') showPopup('error', MESSAGES.loginFailed);
    } catch (error) {
      console.error('Sign-in failed', error);
      showPopup('error', MESSAGES.loginFailed);
    } finally {
      setBusy(false);
    }
  }

  function onSignInClick() {
    if (!session) return;
    if (session.usesEmulator) setLocalDialogOpen(true);
    else void attempt(() => session.signInWithGoogle(invitedEmail));
  }

  return (
    <section className="container page login-page">
      <h1>Login to Monthly Blooms</h1>
      {signedInStaff && deniedPath ? (
        <p role="alert">
          Only admins can open that page, and {email} is not an admin. Sign in with an admin account, or go back to the{' '}
          <Link to="/dashboard">Dashboard</Link>.
        </p>
      ) : (
        <p>Staff sign in with their Google account to manage deliveries.</p>
      )}
      {unavailable && <p role="alert">Sign-in is unavailable right now. Please check your connection and reload the page.</p>}
      <button type="button" className="button" onClick={onSignInClick} disabled={busy || !session} aria-busy={busy}>
        {busy ? 'Signing in…' : 'Sign in with Google'}
      </button>
      <p className="login-page__subscribers">
        Subscribers: {ACCOUNT_CHANGES.toLowerCase()}, go to <Link to={ACCOUNT_PATH}>{ACCOUNT_LINK_LABEL}</Link>. {SUBSCRIBER_SIGN_IN}
      </p>
      {localDialogOpen && session && (
        <LocalSignInDialog
          busy={busy}
          initialEmail={invitedEmail}
          onCancel={() => setLocalDialogOpen(false)}
          onSubmit={async (email, name) => {
            setLocalDialogOpen(false);
            await attempt(() => session.signInLocally(email, name));
          }}
        />
      )}
    </section>
  );
}

/** The invitation link's address, if it looks like one: it only picks the account to offer, it grants nothing. */
function invitationAddress(value: string | null): string | undefined {
  const email = value?.trim().toLowerCase();
  return email && email.length <= 254 && isEmailAddress(email) ? email : undefined;
}
