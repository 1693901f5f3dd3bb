import type { AccountSubscription } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import { formatMonth } from '@blooms/shared/contract/months';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { accountApi } from './account-session';
import { changeNote, chargeText, nextDeliveryOf, STATE_LABELS } from './month-text';
import { useAnswer } from './use-answer';

/**
 * What the account leads with: the next delivery's day, what comes and what it costs, and its skip.
 * After a skip the card moves on to the delivery after it; the answer, with its Undo, stays here.
 */
export function NextDelivery({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const { answer, answerTo, undo } = useAnswer();
  const open = s.status !== 'cancelled' && s.status !== 'complete';
  const month = nextDeliveryOf(s);
  const headingId = `subscription-${s.id}-next`;
  if (!month && !open && !answer) return null;

  const skip = () => {
    const name = formatMonth(month!.month);
    const params = { id: s.id, month: month!.month };
    void answerTo(
      act(() => accountApi.skipMonth({ params })),
      ACCOUNT_DONE.skipped(name, formatDeliveryDate(month!.date)),
      () => act(() => accountApi.unskipMonth({ params })),
    );
  };
  const note = month && open ? changeNote(month) : null;

  return (
    <section className="next-delivery" aria-labelledby={headingId}>
      <h3 id={headingId} className="next-delivery__label">
        Next delivery
      </h3>
      {month ? (
        <>
          <p className="next-delivery__day">{formatDeliveryDate(month.date)}</p>
          <dl className="next-delivery__facts">
            <div>
              <dt>Flowers</dt>
              <dd>Your {formatMonth(month.month)} arrangement</dd>
            </div>
            <div>
              <dt>{month.state === 'delivering' ? 'Charge' : 'Status'}</dt>
              <dd>{month.state === 'delivering' ? chargeText(month, s.giftTerms?.prepaid) : STATE_LABELS[month.state]}</dd>
            </div>
          </dl>
          {note && <p className="month-card__note">{note}</p>}
          {open && month.changeable && month.state === 'delivering' && (
            <button type="button" className="button button--secondary next-delivery__skip" onClick={skip}>
              Skip {formatMonth(month.month)}
            </button>
          )}
        </>
      ) : (
        <p>No delivery is planned in the coming months.</p>
      )}
      {/* The skip button now names the next month: the answer takes the focus, so Undo is the next Tab away. */}
      <ActionAnswer answer={answer} onUndo={() => void undo()} takeFocus />
    </section>
  );
}
