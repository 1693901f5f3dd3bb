import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AccountSubscription } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { formatMonth } from '@blooms/shared/contract/months';
import { deliveriesText } from '@blooms/shared/contract/gifts';
import { receiptPageHref, type ReceiptFacts } from '@blooms/shared/contract/receipts';
import { DoorPhoto } from './DoorPhoto';
import { NewestFirst } from './NewestFirst';
import { dollars } from './month-text';

/** A payment's receipt, as it was e-mailed, opened on demand, and the link to its page to print. */
function Receipt({ receipt }: { receipt: ReceiptFacts }) {
  return (
    <>
      <details className="account__receipt">
        <summary>Receipt {receipt.number}</summary>
        <dl>
          <dt>Amount</dt>
          <dd>{receipt.amount}</dd>
          <dt>Paid on</dt>
          <dd>{receipt.paidOn}</dd>
          <dt>For</dt>
          {receipt.deliveries.map((delivery) => (
            <dd key={delivery}>{delivery}</dd>
          ))}
          <dt>Paid with</dt>
          <dd>{receipt.card ?? 'The card you saved with us'}</dd>
        </dl>
      </details>
      <Link className="account__receipt-print" to={receiptPageHref(receipt.number)}>
        Printable receipt<span className="visually-hidden"> {receipt.number}</span>
      </Link>
    </>
  );
}

/** The payments section's heading, where the account's short list of links leads. */
export const paymentsHeadingId = (subscriptionId: string) => `subscription-${subscriptionId}-payments`;

/** What was paid, each payment with its receipt; then what else belongs with the money (changing the card). */
export function Payments({ subscription: s, children }: { subscription: AccountSubscription; children?: ReactNode }) {
  const headingId = paymentsHeadingId(s.id);
  const newestFirst = [...s.payments].sort((a, b) => b.paidAt.localeCompare(a.paidAt));
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Payments</h3>
      {s.payments.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <NewestFirst
          id={`${headingId}-list`}
          items={newestFirst}
          keyOf={(payment) => `${payment.month}-${payment.paidAt}`}
          className="account__payments"
          earlierLabel={(count) => `Show ${count} earlier ${count === 1 ? 'payment' : 'payments'}`}
        >
          {(payment) => {
            const deliveries = payment.deliveries ?? [];
            const several = deliveries.length > 1;
            return (
              <>
                {dollars(payment.amountCents)} for {several ? deliveriesText(deliveries.length) : formatMonth(payment.month)}, paid{' '}
                {new Date(payment.paidAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
                {payment.refunded ? ', refunded' : payment.refundedCents > 0 && `, ${dollars(payment.refundedCents)} of it refunded`}
                {several && (
                  <ul className="account__payment-deliveries">
                    {deliveries.map((delivery) => (
                      <li key={delivery.month}>
                        {formatMonth(delivery.month)}: {dollars(delivery.amountCents)}
                        {delivery.refundedCents >= delivery.amountCents
                          ? ', refunded'
                          : delivery.refundedCents > 0 && `, ${dollars(delivery.refundedCents)} of it refunded`}
                      </li>
                    ))}
                  </ul>
                )}
                {payment.receipt && <Receipt receipt={payment.receipt} />}
              </>
            );
          }}
        </NewestFirst>
      )}
      {children}
    </section>
  );
}

/** The deliveries whose day has come, with the door photo when left at the door. */
export function PastDeliveries({ subscription: s }: { subscription: AccountSubscription }) {
  if (s.past.length === 0) return null;
  const headingId = `subscription-${s.id}-past`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Past deliveries</h3>
      <NewestFirst
        id={`${headingId}-list`}
        items={s.past}
        keyOf={(delivery) => delivery.month}
        className="account__past"
        earlierLabel={(count) => `Show ${count} earlier ${count === 1 ? 'delivery' : 'deliveries'}`}
      >
        {(delivery) => (
          <>
            {formatMonth(delivery.month)}:{' '}
            {delivery.status === 'delivered'
              ? `delivered ${formatDeliveryDate(delivery.date)}${delivery.photoUrl ? ', left at your door:' : ''}`
              : delivery.status === 'out-for-delivery'
                ? 'on its way'
                : 'not recorded yet'}
            {delivery.status === 'delivered' && delivery.photoUrl && <DoorPhoto path={delivery.photoUrl} month={delivery.month} />}
          </>
        )}
      </NewestFirst>
    </section>
  );
}
