import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { isUnreadableReply } from '@blooms/shared/runtime/api-client';
import { CARD_LINK_MESSAGES, type PaymentToChase } from '@blooms/shared/contract/business-figures';
import { figuresApi } from './api';
import { paymentsToChaseTable } from './figure-tables';
import { FigureTableView } from './FigureTableView';
import { formatInstant } from './format';

type Answer = { kind: 'sent' | 'refused'; text: string };

/** Payments shown at first, longest owing first; a bad month can leave thousands to chase. */
export const CHASE_PAGE_SIZE = 25;

/** Whether the link may be sent again now, by the server's sendAgainFrom. */
const canSendNow = (payment: PaymentToChase, now: number) => payment.sendAgainFrom === null || Date.parse(payment.sendAgainFrom) <= now;

/**
 * Subscriptions whose payment has not gone through, longest owing first, each with "Send the
 * card-update link again" (the server allows it once a day per subscription and records it).
 */
export function PaymentsToChase() {
  const queryClient = useQueryClient();
  const list = useQuery(figuresApi.paymentsToChase());
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [now, setNow] = useState(() => Date.now());
  const answer = (payment: PaymentToChase, kind: Answer['kind'], text: string) =>
    setAnswers((all) => ({ ...all, [payment.subscriptionId]: { kind, text } }));
  const send = useMutation({
    mutationFn: (payment: PaymentToChase) => figuresApi.sendCardLinkAgain(payment.subscriptionId),
    onSuccess: (payments, payment) => {
      queryClient.setQueryData(figuresApi.paymentsToChase().queryKey, payments);
      answer(payment, 'sent', CARD_LINK_MESSAGES.sent);
    },
    // A reply of an API of another release: the list says the page was updated (below).
    onError: (error, payment) => !isUnreadableReply(error) && answer(payment, 'refused', error.message),
    onSettled: () => setNow(Date.now()),
  });
  const payments = list.data ?? null;
  const sending = send.isPending ? send.variables.subscriptionId : null;
  const loadError = list.error ?? (isUnreadableReply(send.error) ? send.error : null);

  // A button held back by sendAgainFrom comes back by itself when that time comes.
  useEffect(() => {
    const next = (payments ?? [])
      .map((payment) => (payment.sendAgainFrom ? Date.parse(payment.sendAgainFrom) : NaN))
      .filter((at) => at > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now + 100, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [payments, now]);

  if (loadError !== null)
    return (
      <LoadError
        what="the payments to chase"
        error={loadError}
        onRetry={() => {
          send.reset();
          void list.refetch();
        }}
      />
    );
  if (payments === null)
    return (
      <p className="status-message" role="status">
        Loading the payments to chase…
      </p>
    );
  return (
    <FigureTableView
      table={paymentsToChaseTable(payments)}
      fileName="payments-to-chase.csv"
      variant="text"
      pageSize={CHASE_PAGE_SIZE}
      empty="No payments to chase: every subscription’s payment has gone through."
      action={{
        label: 'Card-update link',
        cell: (i) => {
          const payment = payments[i]!;
          const answer = answers[payment.subscriptionId];
          const heldBack = !canSendNow(payment, now);
          const busy = sending === payment.subscriptionId;
          return (
            <div className="figures-chase">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy || heldBack}
                aria-label={
                  busy ? `Sending the card-update link to ${payment.name}…` : `Send the card-update link again to ${payment.name}`
                }
                onClick={() => send.mutate(payment)}
              >
                {busy ? 'Sending…' : 'Send the card-update link again'}
              </button>
              {answer && (
                <p
                  className={answer.kind === 'refused' ? 'field-problem' : 'figures-chase__sent'}
                  role={answer.kind === 'refused' ? 'alert' : 'status'}
                >
                  {answer.text}
                </p>
              )}
              {heldBack && <p className="figures-chase__wait">Can be sent again from {formatInstant(payment.sendAgainFrom!)}.</p>}
            </div>
          );
        },
      }}
    />
  );
}
