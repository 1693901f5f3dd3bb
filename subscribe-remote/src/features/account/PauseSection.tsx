import { useState } from 'react';
import { MAX_PAUSE_MONTHS, type AccountSubscription } from '@blooms/shared/contract/account';
import { ACCOUNT_DONE } from '@blooms/shared/contract/messages';
import { addMonths, formatMonth } from '@blooms/shared/contract/months';
import type { Act } from './act';
import { ActionAnswer } from './ActionAnswer';
import { accountApi } from './account-session';
import { useAnswer } from './use-answer';

/** Pause up to three months from a month still open to changes, or resume; the answer stays here, with Undo. Its heading is the caller's. */
export function PauseSection({ subscription: s, act }: { subscription: AccountSubscription; act: Act }) {
  const { answer, answerTo, undo } = useAnswer();
  const pausable = s.coming.filter((month) => month.changeable);
  const [from, setFrom] = useState(pausable[0]?.month ?? '');
  const [months, setMonths] = useState(1);
  const id = `subscription-${s.id}-pause`;
  const pauseFor = (start: string, count: number) => () =>
    act(() => accountApi.pause({ params: { id: s.id }, body: { from: start, months: count } }));
  const resume = () => act(() => accountApi.resume({ params: { id: s.id } }));

  return (
    <>
      {s.pausedFrom && s.pausedUntil ? (
        <p>
          Paused from {formatMonth(s.pausedFrom)} to {formatMonth(s.pausedUntil)}.{' '}
          <button
            type="button"
            className="button"
            // Undo pauses again, when the pause has not begun (a begun one resumes only from the months still open).
            onClick={() =>
              void answerTo(
                resume(),
                ACCOUNT_DONE.resumed,
                pausable.some((month) => month.month === s.pausedFrom)
                  ? pauseFor(s.pausedFrom!, monthsBetween(s.pausedFrom!, s.pausedUntil!))
                  : undefined,
              )
            }
          >
            Resume deliveries
          </button>
        </p>
      ) : pausable.length > 0 ? (
        <form
          className="account__pause"
          onSubmit={(event) => {
            event.preventDefault();
            const start = from || pausable[0]!.month;
            void answerTo(
              pauseFor(start, months)(),
              ACCOUNT_DONE.paused(formatMonth(start), formatMonth(addMonths(start, months - 1))),
              resume,
            );
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <select id={`${id}-from`} value={from} onChange={(event) => setFrom(event.target.value)}>
              {pausable.map((month) => (
                <option key={month.month} value={month.month}>
                  {formatMonth(month.month)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-months`}>For</label>
            <select id={`${id}-months`} value={months} onChange={(event) => setMonths(Number(event.target.value))}>
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
      <ActionAnswer answer={answer} onUndo={() => void undo()} />
    </>
  );
}

/** Months from one month to another, both counted. */
function monthsBetween(from: string, until: string): number {
  return (Number(until.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(until.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}
