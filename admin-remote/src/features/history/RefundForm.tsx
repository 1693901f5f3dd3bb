import { useId, useState, type FormEvent } from 'react';
import { centsFromDollars, REFUND_MESSAGES, staffRefundSchema } from '@blooms/shared/contract/billing';
import { formatCents } from '@blooms/shared/contract/gifts';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import type { SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { historyApi } from './api';

interface Props {
  subscriptionId: string;
  refundable: SubscriptionHistory['refundable'];
  /** The history with the refund in it. */
  onRefunded: (history: SubscriptionHistory) => void;
}

/** A refund's key: one per refund the form shows, so the server makes it once however often it is sent. */
const newRefundKey = () => crypto.randomUUID();

/**
 * An admin refunds a month that holds money (a vase broken on the doorstep, a missed
 * delivery): all of what is left or part, with a reason the payer reads in their e-mail, and
 * whether the month is still delivered. The server checks it all again (contract/billing.ts).
 * Each refund the form shows has a key of its own, sent with every try of it: pressing again
 * after an answer was lost, or in a second tab, refunds once. Changing any field, or a refund
 * made, makes a new one.
 */
export function RefundForm({ subscriptionId, refundable, onRefunded }: Props) {
  const id = useId();
  const [month, setMonth] = useState(refundable.at(-1)?.month ?? '');
  const held = refundable.find((m) => m.month === month)?.heldCents ?? 0;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [delivery, setDelivery] = useState<'kept' | 'dropped' | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refundKey, setRefundKey] = useState(newRefundKey);
  /** A setter that also makes the form's refund a new one. */
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setRefundKey(newRefundKey());
    };

  if (refundable.length === 0) return <p className="refund-form__none">No month holds money paid for it, so there is nothing to refund.</p>;

  const cents = amount.trim() === '' ? held : centsFromDollars(amount);
  const monthName = formatMonth(month as MonthKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (cents === null) return setProblem(REFUND_MESSAGES.notCents);
    if (cents > held) return setProblem(REFUND_MESSAGES.tooMuch(monthName, formatCents(held)));
    const checked = staffRefundSchema.safeParse({
      month,
      amountCents: cents,
      reason,
      delivery: delivery || undefined,
      idempotencyKey: refundKey,
    });
    if (!checked.success) return setProblem(checked.error.issues[0]!.message);
    setProblem(null);
    setBusy(true);
    try {
      const history = await historyApi.refund(subscriptionId, checked.data);
      setDone(REFUND_MESSAGES.done(formatCents(checked.data.amountCents), monthName));
      setAmount('');
      setReason('');
      setDelivery('');
      setRefundKey(newRefundKey());
      onRefunded(history);
      const left = history.refundable;
      if (!left.some((m) => m.month === month)) setMonth(left.at(-1)?.month ?? '');
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="refund-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Refund a month</h2>
      <div className="refund-form__row">
        <div className="field">
          <label htmlFor={`${id}-month`}>Month</label>
          <select id={`${id}-month`} value={month} onChange={(e) => changing(setMonth)(e.target.value)}>
            {refundable.map((m) => (
              <option key={m.month} value={m.month}>
                {formatMonth(m.month as MonthKey)}: {formatCents(m.heldCents)} paid
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={`${(held / 100).toFixed(2)} (all of it)`}
            value={amount}
            onChange={(e) => changing(setAmount)(e.target.value)}
            aria-describedby={`${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className="refund-form__hint">
            In dollars; empty refunds all {formatCents(held)}.
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Why</label>
        <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(e) => changing(setReason)(e.target.value)} />
      </div>
      <fieldset className="refund-form__delivery">
        <legend>The month’s delivery</legend>
        <label>
          <input type="radio" name={`${id}-delivery`} checked={delivery === 'kept'} onChange={() => changing(setDelivery)('kept')} /> Still
          delivered (or stands as delivered)
        </label>
        <label>
          <input type="radio" name={`${id}-delivery`} checked={delivery === 'dropped'} onChange={() => changing(setDelivery)('dropped')} />{' '}
          Not delivered
        </label>
      </fieldset>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {done && (
        <p className="refund-form__done" role="status">
          {done}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Refunding…' : cents !== null && cents > 0 ? `Refund ${formatCents(cents)} for ${monthName}` : `Refund ${monthName}`}
      </button>
    </form>
  );
}
