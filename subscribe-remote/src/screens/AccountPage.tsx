import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Screen } from '@blooms/shared/ui/Screen';
import { MAX_PAUSE_MONTHS, type Account, type AccountMonth, type AccountSubscription } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { formatMonth } from '@blooms/shared/contract/months';
import { LATER_CHARGES, MONEY_RULE, SKIP_NOTICE_DAYS } from '@blooms/shared/contract/site';
import { accountPhotoUrl, accountRequest, askForSignInLink, completeSignIn, isSignInLink, pendingEmail, signedInEmail, signOutOfAccount } from '../features/account/account-session';
import type { Act } from '../features/account/act';
import { redirectTo } from '../features/checkout/redirect';
import { ChangeAddressForm } from '../features/account/ChangeAddressForm';
import { ChangeMonthsForm } from '../features/account/ChangeMonthsForm';
import '../features/subscribe/subscribe.css';
import '../features/account/account.css';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; notice: string | null }
  | { kind: 'confirm-email' }
  | { kind: 'signed-in'; account: Account };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const STATE_LABELS: Record<AccountMonth['state'], string> = {
  delivering: 'Delivering',
  'not-in-plan': 'Not in your plan',
  skipped: 'Skipped',
  paused: 'Paused',
  stopped: 'On hold',
  ended: 'After your last delivery',
};

/** /account: a subscriber signs in by e-mail link and skips, pauses, resumes, changes months or address, or cancels. */
export default function AccountPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setState({ kind: 'signed-in', account: await accountRequest<Account>('/api/account') });
  }, []);

  useEffect(() => {
    void (async () => {
      try {
        if (await isSignInLink(window.location.href)) {
          const email = pendingEmail();
          if (!email) return setState({ kind: 'confirm-email' });
          await completeSignIn(email, window.location.href);
          window.history.replaceState(null, '', window.location.pathname);
        }
        if (await signedInEmail()) await load();
        else setState({ kind: 'signed-out', notice: null });
      } catch (caught) {
        setError(messageOf(caught));
        setState({ kind: 'signed-out', notice: null });
      }
    })();
  }, [load]);

  /** Runs a change; the server answers with the account as it now stands. A refusal is shown, and the account read again: it may have moved on since the page was opened. */
  const act: Act = async (path, method, body) => {
    setError(null);
    try {
      const account = await accountRequest<Account>(path, method, body);
      setState({ kind: 'signed-in', account });
      return true;
    } catch (caught) {
      setError(messageOf(caught));
      await load().catch(() => undefined);
      return false;
    }
  };

  /** Off to the payment provider's page for changing the card; it comes back here. */
  const updateCard = async (subscriptionId: string) => {
    setError(null);
    try {
      const { url } = await accountRequest<{ url: string }>(`/api/account/subscriptions/${subscriptionId}/card`, 'POST');
      redirectTo(url);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Screen remote="subscribe" title="Your account" description="Skip, pause or cancel your Monthly Blooms deliveries.">
      <section className="container section account">
        <h1>Your account</h1>
        {error && (
          <p role="alert" className="account__error">
            {error}
          </p>
        )}
        {state.kind === 'loading' && <p role="status">Loading your account…</p>}
        {state.kind === 'signed-out' && (
          <SignInForm
            notice={state.notice}
            // One answer at a time: a refusal replaces an earlier "on its way", and the other way round.
            onSent={(notice) => {
              setError(null);
              setState({ kind: 'signed-out', notice });
            }}
            onError={(message) => {
              setError(message);
              setState({ kind: 'signed-out', notice: null });
            }}
          />
        )}
        {state.kind === 'confirm-email' && (
          <ConfirmEmailForm
            onConfirm={async (email) => {
              setError(null);
              try {
                await completeSignIn(email, window.location.href);
                window.history.replaceState(null, '', window.location.pathname);
                await load();
              } catch (caught) {
                setError(messageOf(caught));
              }
            }}
          />
        )}
        {state.kind === 'signed-in' && (
          <>
            <p>
              Signed in as <strong>{state.account.email}</strong>.{' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void signOutOfAccount().then(() => setState({ kind: 'signed-out', notice: null }))}
              >
                Sign out
              </button>
            </p>
            {state.account.subscriptions.length === 0 && <p>We have no subscription under this address. If you subscribed with another one, sign in with that.</p>}
            {state.account.subscriptions.map((subscription) => (
              <SubscriptionPanel key={subscription.id} subscription={subscription} updateCard={state.account.cardUpdates ? () => void updateCard(subscription.id) : null} act={act} />
            ))}
          </>
        )}
      </section>
    </Screen>
  );
}

function SignInForm({ notice, onSent, onError }: { notice: string | null; onSent: (notice: string) => void; onError: (message: string) => void }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onSent(await askForSignInLink(email));
    } catch (caught) {
      onError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="account__sign-in" noValidate>
      <p>Enter the e-mail address you subscribed with (for a gift, your own). We will e-mail you a link that signs you in.</p>
      <div className="field">
        <label htmlFor="account-email">Email</label>
        <input id="account-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : 'E-mail me a sign-in link'}
      </button>
      {notice && <p role="status">{notice}</p>}
    </form>
  );
}

function ConfirmEmailForm({ onConfirm }: { onConfirm: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onConfirm(email);
      }}
    >
      <p>You opened the link in another browser. To finish signing in, enter the e-mail address it was sent to.</p>
      <div className="field">
        <label htmlFor="account-confirm-email">Email</label>
        <input id="account-confirm-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
      </div>
      <button type="submit" className="button">
        Sign in
      </button>
    </form>
  );
}

function SubscriptionPanel({ subscription: s, updateCard, act }: { subscription: AccountSubscription; updateCard: (() => void) | null; act: Act }) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const base = `/api/account/subscriptions/${s.id}`;
  const open = s.status !== 'cancelled';
  const pausable = s.coming.filter((month) => month.changeable);
  const [pauseFrom, setPauseFrom] = useState(pausable[0]?.month ?? '');
  const [pauseMonths, setPauseMonths] = useState(1);
  const headingId = `subscription-${s.id}`;

  return (
    <article className="account__subscription" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {s.plan === 'yearly' ? 'Yearly' : 'Custom'} plan{s.gift ? ` (a gift for ${s.recipient})` : ''}
      </h2>
      <p>
        <strong>{s.statusLabel}</strong> · Delivering to {s.deliverTo}
      </p>
      <p className="subscribe-form__hint">
        {MONEY_RULE} {LATER_CHARGES} Skip or pause a month up to {SKIP_NOTICE_DAYS} days before its delivery.
      </p>
      {s.status === 'past-due' && (
        <p className="account__error">
          The last charge to your card did not go through, so your deliveries are on hold. Your card is tried again once a day until the delivery day{updateCard ? '; or use another card below.' : '.'}
        </p>
      )}

      <h3>Coming deliveries</h3>
      <div className="account__table-wrap" tabIndex={0} role="region" aria-label="Coming deliveries">
        <table className="account__months">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Delivery day</th>
              <th scope="col">Status</th>
              <th scope="col">Charge</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {s.coming.map((month) => (
              <tr key={month.month}>
                <th scope="row">{formatMonth(month.month)}</th>
                <td>{formatDeliveryDate(month.date)}</td>
                <td>{STATE_LABELS[month.state]}</td>
                <td>{month.paid ? 'Paid' : month.chargeCents > 0 ? `${dollars(month.chargeCents)}${month.chargeDate ? ` on ${formatDeliveryDate(month.chargeDate)}` : ''}` : '$0.00'}</td>
                <td>
                  {month.changeable && month.state === 'delivering' && (
                    <button type="button" className="button button--secondary" onClick={() => void act(`${base}/skips/${month.month}`, 'PUT')}>
                      Skip {formatMonth(month.month)}
                    </button>
                  )}
                  {month.changeable && month.state === 'skipped' && (
                    <button type="button" className="button button--secondary" onClick={() => void act(`${base}/skips/${month.month}`, 'DELETE')}>
                      Bring back {formatMonth(month.month)}
                    </button>
                  )}
                  {!month.changeable && open && (month.state === 'delivering' || month.state === 'skipped') && (
                    <span>{month.paid ? 'Paid: it is sure to go out' : `Changes were due by ${formatDeliveryDate(month.lastDayForChanges)}`}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {open && s.plan === 'custom' && <ChangeMonthsForm subscription={s} act={act} />}

      {open && (
        <section aria-labelledby={`${headingId}-pause`}>
          <h3 id={`${headingId}-pause`}>Pause</h3>
          {s.pausedFrom && s.pausedUntil ? (
            <p>
              Paused from {formatMonth(s.pausedFrom)} to {formatMonth(s.pausedUntil)}.{' '}
              <button type="button" className="button" onClick={() => void act(`${base}/pause`, 'DELETE')}>
                Resume deliveries
              </button>
            </p>
          ) : pausable.length > 0 ? (
            <form
              className="account__pause"
              onSubmit={(event) => {
                event.preventDefault();
                void act(`${base}/pause`, 'PUT', { from: pauseFrom, months: pauseMonths });
              }}
            >
              <div className="field">
                <label htmlFor={`${headingId}-pause-from`}>From</label>
                <select id={`${headingId}-pause-from`} value={pauseFrom} onChange={(event) => setPauseFrom(event.target.value)}>
                  {pausable.map((month) => (
                    <option key={month.month} value={month.month}>
                      {formatMonth(month.month)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${headingId}-pause-months`}>For</label>
                <select id={`${headingId}-pause-months`} value={pauseMonths} onChange={(event) => setPauseMonths(Number(event.target.value))}>
                  {Array.from({ length: MAX_PAUSE_MONTHS }, (_, i) => i + 1).map((count) => (
                    <option key={count} value={count}>
                      {count} {count === 1 ? 'month' : 'months'}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="button button--secondary">
                Pause deliveries
              </button>
            </form>
          ) : (
            <p>No coming month can be paused now.</p>
          )}
        </section>
      )}

      {open && <ChangeAddressForm subscription={s} act={act} />}

      {open && (
        <section aria-labelledby={`${headingId}-cancel`}>
          <h3 id={`${headingId}-cancel`}>Cancel</h3>
          {confirmingCancel ? (
            <div role="group" aria-label="Confirm cancelling">
              <p>
                {s.lastDeliveryIfCancelled
                  ? `Your last delivery would be ${formatDeliveryDate(s.lastDeliveryIfCancelled, { withYear: true })}: it is paid for or too close to change. Nothing after it is delivered or charged.`
                  : 'Nothing more would be delivered or charged.'}
              </p>
              <button
                type="button"
                className="button"
                onClick={() => void act(`${base}/cancel`, 'POST').then((done) => done && setConfirmingCancel(false))}
              >
                Yes, cancel my subscription
              </button>{' '}
              <button type="button" className="button button--secondary" onClick={() => setConfirmingCancel(false)}>
                Keep it
              </button>
            </div>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setConfirmingCancel(true)}>
              Cancel subscription
            </button>
          )}
        </section>
      )}

      {updateCard && open && (
        <section aria-labelledby={`${headingId}-card`}>
          <h3 id={`${headingId}-card`}>Card</h3>
          <p>Your deliveries are charged to the card you paid with at checkout. You can change it on our payment provider’s secure page.</p>
          <button type="button" className="button button--secondary" onClick={updateCard}>
            Update card
          </button>
        </section>
      )}

      <h3>Payments</h3>
      {s.payments.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <ul className="account__payments">
          {s.payments.map((payment) => (
            <li key={`${payment.month}-${payment.paidAt}`}>
              {dollars(payment.amountCents)} for {formatMonth(payment.month)}, paid {new Date(payment.paidAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
            </li>
          ))}
        </ul>
      )}

      {s.past.length > 0 && (
        <>
          <h3>Past deliveries</h3>
          <ul className="account__past">
            {s.past.map((delivery) => (
              <li key={delivery.month}>
                {formatMonth(delivery.month)}: {delivery.status === 'delivered' ? `delivered ${formatDeliveryDate(delivery.date)}${delivery.photoUrl ? ', left at your door:' : ''}` : delivery.status === 'out-for-delivery' ? 'on its way' : 'not recorded yet'}
                {delivery.status === 'delivered' && delivery.photoUrl && <DoorPhoto path={delivery.photoUrl} month={delivery.month} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/** The driver's photo of the vase at the door, fetched with the sign-in. */
function DoorPhoto({ path, month }: { path: string; month: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    accountPhotoUrl(path).then(
      (made) => {
        url = made;
        if (current) setSrc(made);
        else URL.revokeObjectURL(made);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (failed) return <span> (the photo could not be loaded)</span>;
  return src ? <img className="account__photo" src={src} alt={`Your flowers at the door, ${formatMonth(month)}`} /> : <span role="status"> Loading the photo…</span>;
}
