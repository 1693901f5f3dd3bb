import type { AccountSubscription } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { formatMonth } from '@blooms/shared/contract/months';
import { DoorPhoto } from './DoorPhoto';
import { dollars } from './month-text';

/** What was paid, and the deliveries whose day has come (with the door photo, when left at the door). */
export function PaymentsAndPast({ subscription: s }: { subscription: AccountSubscription }) {
  return (
    <>
      <h3>Payments</h3>
      {s.payments.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <ul className="account__payments">
          {s.payments.map((payment) => (
            <li key={`${payment.month}-${payment.paidAt}`}>
              {dollars(payment.amountCents)} for {formatMonth(payment.month)}, paid{' '}
              {new Date(payment.paidAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}
              {payment.refunded ? ', refunded' : payment.refundedCents > 0 && `, ${dollars(payment.refundedCents)} of it refunded`}
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
                {formatMonth(delivery.month)}:{' '}
                {delivery.status === 'delivered'
                  ? `delivered ${formatDeliveryDate(delivery.date)}${delivery.photoUrl ? ', left at your door:' : ''}`
                  : delivery.status === 'out-for-delivery'
                    ? 'on its way'
                    : 'not recorded yet'}
                {delivery.status === 'delivered' && delivery.photoUrl && <DoorPhoto path={delivery.photoUrl} month={delivery.month} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
