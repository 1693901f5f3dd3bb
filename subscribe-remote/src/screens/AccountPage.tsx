import { Screen } from '@blooms/shared/ui/Screen';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { ConfirmEmailForm } from '../features/account/ConfirmEmailForm';
import { SignInForm } from '../features/account/SignInForm';
import { SubscriptionPanel } from '../features/account/SubscriptionPanel';
import { useAccount } from '../features/account/use-account';
import '../features/subscribe/subscribe.css';
import '../features/account/account.css';

/** /account: a subscriber signs in by e-mail link and skips, pauses, resumes, changes months or address, or cancels. */
function AccountScreen() {
  const { state, act, confirmEmail, signOut, updateCard } = useAccount();
  return (
    <Screen remote="subscribe" title="Your account" description="Skip, pause or cancel your Monthly Blooms deliveries.">
      <section className="container section account">
        <h1>Your account</h1>
        {state.kind === 'loading' && <p role="status">Loading your account…</p>}
        {state.kind === 'signed-out' && <SignInForm initialError={state.error} />}
        {state.kind === 'confirm-email' && <ConfirmEmailForm onConfirm={confirmEmail} />}
        {state.kind === 'signed-in' && (
          <>
            <p className="account__who">
              Signed in as <strong>{state.account.email}</strong>.{' '}
              <button type="button" className="button button--secondary" onClick={signOut}>
                Sign out
              </button>
            </p>
            {state.account.subscriptions.length === 0 && (
              <p>We have no subscription under this address. If you subscribed with another one, sign in with that.</p>
            )}
            {state.account.subscriptions.map((subscription) => (
              <SubscriptionPanel
                key={subscription.id}
                subscription={subscription}
                updateCard={state.account.cardUpdates ? updateCard : null}
                act={act}
              />
            ))}
          </>
        )}
      </section>
    </Screen>
  );
}

export default function AccountPage() {
  return (
    <ServerState>
      <AccountScreen />
    </ServerState>
  );
}
