// Stripe's webhook as the money-rule property test plays it: payment outcomes told when they
// happen, later, again or never, and disputes of a subscription's payments opened and closed in
// any order. An event the backend answers 404 (a payment it does not know yet) is sent again
// later, as Stripe does.
import type { FastifyInstance } from 'fastify';
import type { FakePaymentIntent, startFakeStripe } from './fake-stripe';
import { sendStripeEvent } from './checkout';

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
type StripeEvent = Parameters<typeof sendStripeEvent>[1];

/** A dispute of one payment, as the test knows it: what the bank disputes, and how it ended once the backend heard it. */
export interface KnownDispute {
  payment: string;
  customer: string;
  amount: number;
  opened: boolean;
  closed: 'won' | 'lost' | null;
  /** What the bank gave back to the payer when it was lost. */
  returned: number;
}

const outcomeEventOf = (intent: FakePaymentIntent) =>
  intent.status === 'succeeded'
    ? 'payment_intent.succeeded'
    : intent.status === 'requires_payment_method' && intent.last_payment_error
      ? 'payment_intent.payment_failed'
      : null;

export function stripeTeller(app: FastifyInstance, fake: FakeStripe) {
  /** When the test first saw each PaymentIntent in each status: when Stripe's event says it happened. */
  const happened = new Map<string, Date>();
  const told = new Set<string>();
  /** Events answered 404, with what to do once one is heard. */
  let unheard: { event: StripeEvent; heard: () => void }[] = [];
  const disputes = new Map<string, KnownDispute>();

  /** Sends an event; one the backend does not know the payment of yet waits to be sent again. */
  async function tell(event: StripeEvent, heard: () => void = () => undefined): Promise<void> {
    const answer = await sendStripeEvent(app, event);
    if (answer.statusCode === 404) unheard.push({ event, heard });
    else if (answer.statusCode !== 200) throw new Error(`the webhook answered ${answer.statusCode} to ${event.type}: ${answer.body}`);
    else heard();
  }

  const amountOf = (payment: string) =>
    [...fake.sessions.values()].find((s) => s.payment_intent === payment)?.amount_total ?? fake.intents.get(payment)!.amount;
  const refundedOf = (payment: string) => fake.refunds.filter((r) => r.payment_intent === payment).reduce((sum, r) => sum + r.amount, 0);

  return {
    disputes,
    /** A new sequence: nothing told, nothing waiting. */
    reset() {
      told.clear();
      unheard = [];
      disputes.clear();
    },
    /** Notes, at the moment given, every PaymentIntent status not seen before. */
    observe(now: Date) {
      for (const intent of fake.intents.values()) {
        const key = `${intent.id} ${intent.status}`;
        if (!happened.has(key)) happened.set(key, now);
      }
    },
    /** Tells the outcome of each of the customer's payments that has one and was not told (replay: told again too), and what waits. */
    async paymentOutcomes(customer: string, replay: boolean, now: Date) {
      this.observe(now);
      await this.again();
      for (const intent of [...fake.intents.values()].filter((i) => i.customer === customer)) {
        const type = outcomeEventOf(intent);
        const id = `evt_${intent.id}_${intent.status}`;
        if (!type || (told.has(id) && !replay)) continue;
        told.add(id);
        await tell({ id, type, created: happened.get(`${intent.id} ${intent.status}`)!, object: { ...intent } });
      }
    },
    /** The events answered 404 before, sent again. */
    async again() {
      const waiting = unheard;
      unheard = [];
      for (const { event, heard } of waiting) await tell(event, heard);
    },
    /** The customer's payments: the checkout's, then each later charge taken. */
    paymentsOf(customer: string): string[] {
      const session = [...fake.sessions.values()].find((s) => s.customer === customer)!;
      return [session.payment_intent!, ...fake.charges.filter((c) => c.customer === customer).map((c) => c.id)];
    },
    /** The payer disputes a payment (opened), or the bank decides it (won, lost): told now, a close perhaps before its opening. */
    async dispute(customer: string, payment: string, outcome: 'open' | 'won' | 'lost', now: Date) {
      let known = disputes.get(payment);
      if (!known) {
        const amount = amountOf(payment) - refundedOf(payment);
        if (amount <= 0) return;
        known = { payment, customer, amount, opened: false, closed: null, returned: 0 };
        disputes.set(payment, known);
      }
      const dispute = known;
      if (outcome !== 'open' && dispute.closed) return;
      const object = {
        id: `dp_${payment}`,
        object: 'dispute',
        payment_intent: payment,
        amount: dispute.amount,
        reason: 'fraudulent',
        status: outcome === 'open' ? 'needs_response' : outcome,
      };
      if (outcome === 'open') {
        dispute.opened = true;
        return tell({ id: `evt_${object.id}_open`, type: 'charge.dispute.created', created: now, object });
      }
      dispute.closed = outcome;
      return tell({ id: `evt_${object.id}_closed`, type: 'charge.dispute.closed', created: now, object }, () => {
        if (outcome === 'lost') dispute.returned = Math.min(dispute.amount, amountOf(payment) - refundedOf(payment));
      });
    },
    /** Whether the backend has heard of a dispute of the customer's that holds: lost, or opened and not heard closed. */
    holds(customer: string): boolean {
      const waiting = new Set(unheard.map(({ event }) => event.id));
      const heard = (id: string) => !waiting.has(id);
      return [...disputes.values()].some((d) => {
        const [opened, closed] = [`evt_dp_${d.payment}_open`, `evt_dp_${d.payment}_closed`];
        if (d.customer !== customer) return false;
        if (d.closed === 'lost' && heard(closed)) return true;
        return d.opened && heard(opened) && (d.closed === null || !heard(closed));
      });
    },
    /** What banks gave back to the customer's payers through lost disputes. */
    returnedTo(customer: string): number {
      return [...disputes.values()].filter((d) => d.customer === customer).reduce((sum, d) => sum + d.returned, 0);
    },
  };
}
