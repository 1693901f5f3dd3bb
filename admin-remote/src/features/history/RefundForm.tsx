import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useMutation } from '@tanstack/react-query';
import {
  centsFromDollars,
  REFUND_MESSAGES,
  refundConfirmation,
  staffRefundSchema,
  type StaffRefund,
} from '@blooms/shared/contract/billing';
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

/** Whether the page shows the months a refund's answer left (the answer is written where the page reads it). */
const sameMonths = (a: Props['refundable'], b: Props['refundable']) =>
  a.length === b.length && a.every((m, i) => m.month === b[i]!.month && m.heldCents === b[i]!.heldCents);

/**
 * An admin refunds a month that holds money (a vase broken on the doorstep, a missed
 * delivery): an amount up to what is left, with a reason the payer reads in their e-mail, and
 * whether the month is still delivered. The server checks it all again (contract/billing.ts).
 * Nothing is sent until the admin confirms what the form names: the amount, the month and what
 * happens to its delivery. Once made, no refund is offered until the page shows the months the
 * answer left, so a second press cannot take more than the admin saw.
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
  const [refundKey, setRefundKey] = useState(newRefundKey);
  /** The refund the admin is asked to confirm. */
  const [confirming, setConfirming] = useState<StaffRefund | null>(null);
  /** The months a refund's answer left, until the page shows them. */
  const [answered, setAnswered] = useState<Props['refundable'] | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const refundButton = useRef<HTMLButtonElement>(null);
  /** A setter that also makes the form's refund a new one, and takes back a question asked of the old one. */
  const changing =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setRefundKey(newRefundKey());
      setConfirming(null);
    };
  // The refund asked is always of the month shown: changing the month takes the question back.
  const send = useMutation({
    mutationFn: (refund: StaffRefund) => historyApi.refund(subscriptionId, refund),
    onSuccess: (history, refund) => {
      setConfirming(null);
      setAnswered(history.refundable);
      setDone(REFUND_MESSAGES.done(formatCents(refund.amountCents), formatMonth(refund.month as MonthKey)));
      setAmount('');
      setReason('');
      setDelivery('');
      setRefundKey(newRefundKey());
      onRefunded(history);
      const left = history.refundable;
      if (!left.some((m) => m.month === refund.month)) setMonth(left.at(-1)?.month ?? '');
    },
    onError: (error) => setProblem(error.message),
  });
  const busy = send.isPending;
  const pageShowsAnswer = answered !== null && sameMonths(refundable, answered);
  useEffect(() => {
    if (pageShowsAnswer) setAnswered(null);
  }, [pageShowsAnswer]);
  // Asked, or asked again after a try that failed: the answer is one key away.
  useEffect(() => {
    if (confirming && !busy) confirmButton.current?.focus();
  }, [confirming, busy]);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) doneMessage.current?.focus();
  }, [done]);

  if (refundable.length === 0) return <p className="refund-form__none">No month holds money paid for it, so there is nothing to refund.</p>;

  const cents = amount.trim() === '' ? null : centsFromDollars(amount);
  const monthName = formatMonth(month as MonthKey);

  function review(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    if (amount.trim() === '') return setProblem(REFUND_MESSAGES.noAmount);
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
    setConfirming(checked.data);
  }

  function goBack() {
    flushSync(() => setConfirming(null));
    refundButton.current?.focus();
  }

  const asked =
    confirming &&
    refundConfirmation(
      formatCents(confirming.amountCents),
      monthName,
      confirming.delivery,
      held > confirming.amountCents ? formatCents(held - confirming.amountCents) : null,
    );
  const waitingForPage = answered !== null && !pageShowsAnswer;

  return (
    <form className="refund-form" onSubmit={review} noValidate aria-labelledby={`${id}-heading`}>
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
            value={amount}
            onChange={(e) => changing(setAmount)(e.target.value)}
            aria-describedby={`${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className="refund-form__hint">
            In dollars, up to the {formatCents(held)} paid.
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
        <p ref={doneMessage} tabIndex={-1} className="refund-form__done" role="status">
          {done}
        </p>
      )}
      {asked ? (
        <div
          className="refund-form__confirm"
          role="group"
          aria-labelledby={`${id}-question`}
          aria-describedby={`${id}-what`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) goBack();
          }}
        >
          <p id={`${id}-question`} className="refund-form__question">
            {asked.question}
          </p>
          <div id={`${id}-what`}>
            <p>{asked.delivery}</p>
            <p>{asked.payer}</p>
          </div>
          <div className="refund-form__actions">
            <button ref={confirmButton} type="button" className="button" disabled={busy} onClick={() => send.mutate(confirming)}>
              {busy ? 'Refunding…' : `Yes, refund ${formatCents(confirming.amountCents)}`}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={goBack}>
              Go back
            </button>
          </div>
        </div>
      ) : (
        !waitingForPage && (
          <button ref={refundButton} type="submit" className="button">
            {cents !== null && cents > 0 ? `Refund ${formatCents(cents)} for ${monthName}` : `Refund ${monthName}`}
          </button>
        )
      )}
    </form>
  );
}
