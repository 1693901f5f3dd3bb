import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { SUBSCRIBE_MESSAGES } from '@blooms/shared/contract/messages';
import { callFunction } from '../features/checkout/call-function';
import { orderLines, type OrderSummary } from '@blooms/shared/contract/order';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH } from '@blooms/shared/contract/routes';
import { ACCOUNT_CHANGES, SUBSCRIBER_SIGN_IN } from '@blooms/shared/contract/site';
import { forgetSavedForm } from '../features/subscribe/saved-form';
import { OrderLines } from '../features/order/OrderLines';
import '../features/subscribe/subscribe.css';

type State = { kind: 'verifying' } | { kind: 'paid'; order: OrderSummary | null } | { kind: 'not-confirmed'; message: string };

export default function ConfirmationPage() {
  const sessionId = useSearchParams()[0].get('session_id');
  const [state, setState] = useState<State>(
    sessionId ? { kind: 'verifying' } : { kind: 'not-confirmed', message: SUBSCRIBE_MESSAGES.missingSessionId },
  );

  useEffect(() => {
    if (!sessionId) return;
    let current = true;
    callFunction('verifyCheckoutSession', { sessionId }).then(
      (result) => {
        const paid = result?.payment_status === 'paid';
        // Paid: the kept form has done its job, and the next visit starts afresh.
        if (paid) forgetSavedForm();
        if (current)
          setState(paid ? { kind: 'paid', order: result?.order ?? null } : { kind: 'not-confirmed', message: SUBSCRIBE_MESSAGES.notPaid });
      },
      (error: unknown) => {
        console.error('Payment verification failed', error);
        if (current) setState({ kind: 'not-confirmed', message: SUBSCRIBE_MESSAGES.verifyFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [sessionId]);

  return (
    <Screen remote="subscribe" title="Confirmation">
      <section className="container page confirmation-page">
        {state.kind === 'verifying' && (
          <p className="status-message" role="status">
            Verifying your payment...
          </p>
        )}
        {state.kind === 'paid' && (
          <>
            <h1>You&apos;re All Set!</h1>
            <p>Thank you for subscribing to Monthly Blooms. Your first arrangement, in its vase, is on our calendar.</p>
            <p>An email confirmation is on its way to your inbox.</p>
            {state.order && (
              <section className="order-summary" aria-labelledby="order-summary-heading">
                <h2 id="order-summary-heading" className="visually-hidden">
                  Your order
                </h2>
                <OrderLines lines={orderLines(state.order)} />
              </section>
            )}
            <p className="confirmation-page__account">
              {ACCOUNT_CHANGES}, go to <Link to={ACCOUNT_PATH}>{ACCOUNT_LINK_LABEL}</Link>. {SUBSCRIBER_SIGN_IN}
            </p>
            <Link to="/" className="button">
              Back to Home
            </Link>
          </>
        )}
        {state.kind === 'not-confirmed' && (
          <>
            <h1>Subscription Not Confirmed</h1>
            <p role="alert">{state.message}</p>
            <Link to="/subscribe" className="button">
              Try Again
            </Link>
          </>
        )}
      </section>
    </Screen>
  );
}
