import type { AccountMonth } from '@blooms/shared/contract/account';
import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import { formatMonth } from '@blooms/shared/contract/months';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { accountApi } from './account-session';
import { changeNote, chargeText, STATE_LABELS } from './month-text';
import { useAnswer } from './use-answer';

/** One coming month: its day, status and charge, its one action, and the answer to it, all in the card. */
export function MonthCard({
  month,
  subscriptionId,
  open,
  prepaidGift,
  act,
}: {
  month: AccountMonth;
  subscriptionId: string;
  open: boolean;
  prepaidGift: boolean;
  act: Act;
}) {
  const { answer, answerTo, undo } = useAnswer();
  const name = formatMonth(month.month);
  const day = formatDeliveryDate(month.date);
  const headingId = `month-${subscriptionId}-${month.month}`;
  const params = { id: subscriptionId, month: month.month };
  const skip = () => act(() => accountApi.skipMonth({ params }));
  const bringBack = () => act(() => accountApi.unskipMonth({ params }));
  const note = open ? changeNote(month) : null;

  return (
    <article className={`month-card month-card--${month.state}`} aria-labelledby={headingId}>
      <h4 id={headingId} className="month-card__month">
        {name}
      </h4>
      <dl className="month-card__facts">
        <div>
          <dt>Delivery</dt>
          <dd>{day}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{STATE_LABELS[month.state]}</dd>
        </div>
        <div>
          <dt>Charge</dt>
          <dd>{chargeText(month, prepaidGift)}</dd>
        </div>
      </dl>
      {note && <p className="month-card__note">{note}</p>}
      {open && month.changeable && (month.state === 'delivering' || month.state === 'skipped') && (
        // One button that changes its words, so the focus stays on it after the change.
        <button
          type="button"
          className="button button--secondary month-card__action"
          onClick={() =>
            void (month.state === 'delivering'
              ? answerTo(skip(), ACCOUNT_DONE.skipped(name, day), bringBack)
              : answerTo(bringBack(), ACCOUNT_DONE.back(name, day), skip))
          }
        >
          {month.state === 'delivering' ? `Skip ${name}` : `Bring back ${name}`}
        </button>
      )}
      <ActionAnswer answer={answer} onUndo={() => void undo()} />
    </article>
  );
}
