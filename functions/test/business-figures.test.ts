// The owner's figures against two years of random history: each figure the server gives is
// computed again here, in plain JavaScript over the raw rows, and the two must agree.
import type { FastifyInstance } from 'fastify';
import { CANCEL_REASONS, chargeDateFor, PRICE_PER_MONTH_CENTS } from '@blooms/shared/contract/account';
import {
  BUSINESS_FIGURES_MESSAGES,
  monthsOfRange,
  RETENTION_MONTHS,
  type BusinessFigures,
  type FigureNumbers,
} from '@blooms/shared/contract/business-figures';
import { addDays, defaultDeliveryDate, studioDate, studioMidnight } from '@blooms/shared/contract/delivery-dates';
import { HOLDING_STATUSES, monthState, type SubscriptionStatus } from '@blooms/shared/contract/lifecycle';
import { addMonths, ALL_MONTH_NUMBERS, type MonthKey } from '@blooms/shared/contract/months';
import { isOver, pickupDue } from '@blooms/shared/contract/vases';
import {
  cancellationReasons,
  chargeAttempts,
  deliveries,
  deliveryEvents,
  ledgerEntries,
  subscriptionEvents,
  subscriptions,
  type SubscriptionDbRow,
} from '../src/db/schema';
import { and, eq, gt, max } from 'drizzle-orm';
import { DEFAULT_SITE_CONTACT } from '@blooms/shared/contract/site';
import { cancelSubscription } from '../src/services/account/changes';
import { pauseDeliveries, skipMonth } from '../src/services/account/skip-and-pause';
import { tryCharge } from '../src/services/billing';
import { deliversOncePaid } from '../src/domain/lifecycle';
import { recordPayment } from '../src/services/payment-ledger';
import { monthBalances, type LedgerEntry } from '../src/read-models/ledger';
import { refundMonth } from '../src/services/staff-refunds';
import { localProvider } from '../src/payments/local-provider';
import type { PaymentProvider } from '../src/payments/provider';
import { InvalidInputError } from '../src/domain/errors';
import { createMigratedDatabase, DATABASE_KINDS, type TestDatabase } from './support/databases';
import { addUser, noonOn } from './support/fixtures';
import { signInWithGoogle } from './support/identities';
import { startTestServer } from './support/test-server';

const SEED = Number(process.env.BUSINESS_FIGURES_SEED ?? 20261126);
const SUBSCRIPTIONS = 160;
/** Noon in the studio on that day. */
const NOW = noonOn('2026-11-26');
const TODAY = studioDate(NOW);
const THIS_MONTH = TODAY.slice(0, 7);
const HISTORY_FROM = '2024-11';
const SITE = { ...DEFAULT_SITE_CONTACT, accountUrl: 'https://blooms.example/account' };

/** A small seeded generator (mulberry32): the same seed makes the same history. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { chance: (p: number) => next() < p, int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]! };
}

/** An instant on a studio day, at a random hour of the working day. */
const instantOn = (date: string, hour: number) => new Date(studioMidnight(date).getTime() + hour * 3600_000);

/** A subscriber's change the account refuses (a month too close, not in the plan) is part of random history too. */
async function refusedOrDone(change: Promise<void>): Promise<void> {
  try {
    await change;
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
  }
}

/** Runs the account's services as of an instant: the history they write is dated then, not by the database's clock. */
async function asOf(db: TestDatabase['db'], at: Date, change: () => Promise<unknown>): Promise<void> {
  const [before] = await db.select({ id: max(subscriptionEvents.id) }).from(subscriptionEvents);
  const [reasonsBefore] = await db.select({ id: max(cancellationReasons.id) }).from(cancellationReasons);
  const [entriesBefore] = await db.select({ id: max(ledgerEntries.id) }).from(ledgerEntries);
  await change();
  await db
    .update(ledgerEntries)
    .set({ at })
    .where(gt(ledgerEntries.id, entriesBefore?.id ?? 0));
  await db
    .update(subscriptionEvents)
    .set({ at })
    .where(gt(subscriptionEvents.id, before?.id ?? 0));
  await db
    .update(cancellationReasons)
    .set({ at })
    .where(gt(cancellationReasons.id, reasonsBefore?.id ?? 0));
}

/**
 * Charges a subscription's months up to an instant, each on its charge date, through the billing
 * service: most go through, some are declined and go through the next day. Some paid months are
 * refunded by staff a few days after their delivery, in part or in full, delivered or not.
 */
async function chargeMonths(
  db: TestDatabase['db'],
  provider: PaymentProvider,
  random: ReturnType<typeof randomFrom>,
  id: string,
  months: MonthKey[],
  until: Date,
) {
  for (const month of months) {
    const day = defaultDeliveryDate(month);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    const at = instantOn(chargeDateFor(day), random.int(1, 5));
    if (day >= TODAY || at >= until || at <= row!.createdAt || !deliversOncePaid(row!, month)) continue;
    const declined = random.chance(0.15);
    if (declined) provider.test!.nextCharge(row!.providerCustomerId!, 'declined');
    await asOf(db, at, () => tryCharge(db, provider, SITE, row!, month, at));
    if (declined) {
      const nextDay = new Date(at.getTime() + 86_400_000);
      const [again] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      await asOf(db, nextDay, () => tryCharge(db, provider, SITE, again!, month, nextDay));
    }
    const refundAt = instantOn(addDays(day, random.int(1, 5)), 10);
    if (random.chance(0.12) && refundAt < until) {
      const whole = random.chance(0.5);
      await refundMonth(
        db,
        provider,
        SITE,
        'boss@blooms.example',
        id,
        {
          month,
          amountCents: whole ? PRICE_PER_MONTH_CENTS : 2500,
          reason: whole ? 'Not delivered' : 'Vase broken',
          delivery: whole ? 'dropped' : 'kept',
        },
        refundAt,
      ).catch((error: unknown) => {
        // A month the charge did not reach (still declined) holds nothing to refund.
        if (!(error instanceof InvalidInputError)) throw error;
      });
    }
  }
}

/**
 * Writes the history: subscriptions made over two years, Yearly and Custom, some gifts; most
 * paid by card, the first delivery at checkout and each month after by the billing service
 * (declines recovered, refunds); skips and pauses; cancellations by the subscriber (most with a
 * reason, money for deliveries not made given back) and by the payment provider; payments
 * declined and still past due, awaiting authentication, disputed, or paused; each month's
 * deliveries made on the day, later, or not at all, some left at the door with a photo; and
 * vases still out once a subscription is over, their pickups made or not.
 */
async function writeHistory(db: TestDatabase['db'], seed: number) {
  const random = randomFrom(seed);
  const provider = localProvider(db);
  const months = monthsOfRange(HISTORY_FROM, THIS_MONTH);
  for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
    const createdOn = addDays(`${random.pick(months)}-01`, random.int(0, 27));
    if (createdOn >= TODAY) continue;
    const createdAt = instantOn(createdOn, random.int(7, 20));
    const yearly = random.chance(0.65);
    const planMonths = yearly ? [...ALL_MONTH_NUMBERS] : ALL_MONTH_NUMBERS.filter(() => random.chance(0.4));
    if (planMonths.length === 0) planMonths.push(random.int(1, 12));
    const createdMonth = createdOn.slice(0, 7);
    // The first delivery: the first month of the plan whose day is after the subscription was made.
    let first = createdMonth;
    while (!planMonths.includes(Number(first.slice(5, 7))) || defaultDeliveryDate(first) <= createdOn) first = addMonths(first, 1);
    const gift = random.chance(0.15);
    const row: Partial<SubscriptionDbRow> & Pick<SubscriptionDbRow, 'plan' | 'months'> = {
      plan: yearly ? 'yearly' : 'custom',
      months: planMonths,
      createdAt,
      firstDelivery: random.chance(0.9) ? defaultDeliveryDate(first) : null,
      buyerName: gift ? 'Gift Giver' : '',
      buyerEmail: gift ? `giver${i}@example.com` : '',
      skippedMonths: [],
      status: 'active',
      statusFrom: createdMonth,
      providerCustomerId: random.chance(0.75) ? `cus_test_${i}` : null,
    };
    const later = (month: MonthKey) => addMonths(month, random.int(0, 10));
    if (random.chance(0.3)) row.skippedMonths = [later(first), later(first)].sort();
    if (random.chance(0.15)) {
      row.pausedFrom = later(first);
      row.pausedUntil = addMonths(row.pausedFrom, random.int(0, 2));
    }
    const [inserted] = await db
      .insert(subscriptions)
      .values({
        firstName: `First${i}`,
        lastName: `Last${i}`,
        email: `subscriber${i}@example.com`,
        phone: '8015550100',
        address: `${i} Main St`,
        city: 'Salt Lake City',
        zip: '84101',
        ...row,
      })
      .returning();
    const id = inserted!.id;
    const owner = gift ? inserted!.buyerEmail : inserted!.email;

    // What happens later, at an instant after the subscription was made.
    const since = later(createdMonth) <= THIS_MONTH ? later(createdMonth) : THIS_MONTH;
    const eventAt = instantOn(addDays(`${since}-01`, random.int(0, 27)), random.int(7, 20));
    const happens = eventAt < NOW && eventAt > createdAt;
    // Paid by card: the first delivery at checkout, then every month on its charge date until what happens next.
    if (inserted!.providerCustomerId) {
      await recordPayment(db, id, `checkout:cs_test_${i}`, first, PRICE_PER_MONTH_CENTS, { at: createdAt });
      await chargeMonths(
        db,
        provider,
        random,
        id,
        months.filter((month) => month > first),
        happens ? eventAt : NOW,
      );
    }
    if (!happens) continue;
    const roll = random.int(1, 100);
    const events: { kind: string; detail: object; at: Date }[] = [];
    if (roll <= 20) {
      // The subscriber asks to cancel, and most say why; some of those take the skip or pause offered instead.
      const why = random.chance(0.8) ? random.pick(CANCEL_REASONS) : null;
      const ctx = { db, site: SITE, now: eventAt, refunds: provider };
      const next = addMonths(studioDate(eventAt).slice(0, 7), random.int(1, 2));
      await asOf(db, eventAt, async () => {
        if (why?.offer && random.chance(0.5)) {
          if (why.offer === 'skip') await refusedOrDone(skipMonth(ctx, owner, id, next, { insteadOf: why.id }));
          else await refusedOrDone(pauseDeliveries(ctx, owner, id, next, random.int(1, 3), { insteadOf: why.id }));
        } else await cancelSubscription(ctx, owner, id, why ? { reason: why.id, otherText: '' } : undefined);
      });
    } else if (roll <= 30) {
      // A skip or a pause of the subscriber's own.
      const ctx = { db, site: SITE, now: eventAt };
      const next = addMonths(studioDate(eventAt).slice(0, 7), random.int(1, 3));
      await asOf(db, eventAt, () =>
        random.chance(0.5) ? refusedOrDone(skipMonth(ctx, owner, id, next)) : refusedOrDone(pauseDeliveries(ctx, owner, id, next, 2)),
      );
    } else if (roll <= 35) {
      // Ended by the payment provider, with no last delivery kept.
      await db.update(subscriptions).set({ status: 'cancelled', endsAfter: null, statusFrom: since }).where(eq(subscriptions.id, id));
      events.push({ kind: 'status', detail: { from: { status: 'past-due' }, to: { status: 'cancelled' } }, at: eventAt });
    } else if (roll <= 53) {
      // Declined and still unpaid, awaiting the bank's authentication, disputed, or paused by the provider.
      const status = random.pick<SubscriptionStatus>(['past-due', 'past-due', 'needs-authentication', 'disputed', 'paused']);
      await db.update(subscriptions).set({ status, statusFrom: since }).where(eq(subscriptions.id, id));
      events.push({ kind: 'status', detail: { from: { status: 'active' }, to: { status } }, at: eventAt });
    } else if (roll <= 63) {
      // A decline, then the payment went through: active again, its history keeps both.
      events.push({ kind: 'status', detail: { from: { status: 'active' }, to: { status: 'past-due' } }, at: eventAt });
      events.push({
        kind: 'status',
        detail: { from: { status: 'past-due' }, to: { status: 'active' } },
        at: new Date(eventAt.getTime() + 86_400_000),
      });
    } else if (roll <= 68 && gift) {
      // A gift that made its last delivery.
      await db
        .update(subscriptions)
        .set({ status: 'complete', endsAfter: since, statusFrom: addMonths(since, 1) })
        .where(eq(subscriptions.id, id));
    }
    if (events.length > 0)
      await db
        .insert(subscriptionEvents)
        .values(events.map((event) => ({ subscriptionId: id, actorKind: 'provider' as const, actor: 'evt_test', ...event })));
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!subscription) continue;

    // Over with a vase still out: a pickup-only stop each month after, the first one sometimes started or collected.
    const over = months.find((month) => isOver(subscription, month));
    if (over && random.chance(0.6)) {
      await db
        .update(subscriptions)
        .set({ vasesOut: random.int(1, 2) })
        .where(eq(subscriptions.id, id));
      const collectedAt = instantOn(addDays(defaultDeliveryDate(over), random.int(0, 3)), random.int(8, 19));
      if (random.chance(0.5)) {
        const collected = collectedAt < NOW && random.chance(0.6);
        await db.insert(deliveries).values({
          subscriptionId: id,
          month: over,
          kind: 'pickup',
          status: collected ? 'delivered' : 'out-for-delivery',
          updatedAt: collected ? collectedAt : NOW,
        });
        if (collected)
          await db.insert(deliveryEvents).values({
            subscriptionId: id,
            month: over,
            actorEmail: 'ella@blooms.example',
            kind: 'status',
            detail: { from: 'out-for-delivery', to: 'delivered' },
            at: collectedAt,
          });
      }
    }

    // The months that delivered, by the plan as it stands: made on the day, later, or not at all.
    for (const month of months) {
      const day = defaultDeliveryDate(month);
      if (day >= TODAY || monthState(subscription, subscription, month) !== 'delivering') continue;
      const outcome = random.int(1, 100);
      if (outcome <= 12) continue; // never touched: not started
      if (outcome <= 18) {
        await db.insert(deliveries).values({ subscriptionId: subscription.id, month, status: 'out-for-delivery' });
        continue;
      }
      const onDay = outcome <= 80;
      const deliveredOn = onDay ? day : addDays(day, random.int(1, 6));
      const at = instantOn(deliveredOn, random.int(8, 19));
      const photo = random.chance(0.4) ? `proofs/${subscription.id}/${month}.jpg` : null;
      await db
        .insert(deliveries)
        .values({ subscriptionId: subscription.id, month, status: 'delivered', proofImageKey: photo, updatedAt: at });
      await db.insert(deliveryEvents).values(
        photo
          ? {
              subscriptionId: subscription.id,
              month,
              actorEmail: 'ella@blooms.example',
              kind: 'proof',
              detail: { method: 'door', photo },
              at,
            }
          : {
              subscriptionId: subscription.id,
              month,
              actorEmail: 'ella@blooms.example',
              kind: 'status',
              detail: { from: 'out-for-delivery', to: 'delivered' },
              at,
            },
      );
    }
  }
}

/** The figures again, in plain JavaScript over the raw rows. */
async function expectedFigures(db: TestDatabase['db'], from: MonthKey, to: MonthKey): Promise<FigureNumbers> {
  const [subs, stops, deliveryChanges, changes, reasons, ledger] = await Promise.all([
    db.select().from(subscriptions),
    db.select().from(deliveries),
    db.select().from(deliveryEvents),
    db.select().from(subscriptionEvents),
    db.select().from(cancellationReasons),
    db.select().from(ledgerEntries),
  ]);
  const monthOf = (at: Date) => studioDate(at).slice(0, 7);
  const delivered = new Set(
    stops.filter((d) => d.kind === 'delivery' && d.status === 'delivered').map((d) => `${d.subscriptionId}/${d.month}`),
  );
  const stateIn = (s: SubscriptionDbRow, month: MonthKey) => monthState(s, s, month);
  const active = (s: SubscriptionDbRow, month: MonthKey) => stateIn(s, month) === 'delivering' || delivered.has(`${s.id}/${month}`);
  const activeCount = (month: MonthKey) => subs.filter((s) => active(s, month)).length;
  const months = monthsOfRange(from, to);

  const cancelledIn = (month: MonthKey) =>
    new Set(
      changes
        .filter((e) => {
          const detail = e.detail as { from?: { status?: string }; to?: { status?: string } };
          const cancelling =
            e.kind === 'cancel' || (e.kind === 'status' && detail.to?.status === 'cancelled' && detail.from?.status !== 'cancelled');
          return cancelling && monthOf(e.at) === month;
        })
        .map((e) => e.subscriptionId),
    ).size;
  const subscribers = months.map((month) => {
    const running = subs.filter((s) => active(s, month));
    const notActive = subs.filter((s) => !active(s, month));
    const before = activeCount(addMonths(month, -1));
    const made = subs.filter((s) => monthOf(s.createdAt) === month).length;
    const cancelled = cancelledIn(month);
    return {
      month,
      active: running.length,
      yearly: running.filter((s) => s.plan === 'yearly').length,
      custom: running.filter((s) => s.plan === 'custom').length,
      gifts: running.filter((s) => s.buyerEmail !== '').length,
      paused: notActive.filter((s) => stateIn(s, month) === 'paused' || (stateIn(s, month) === 'stopped' && s.status === 'paused')).length,
      held: notActive.filter((s) => stateIn(s, month) === 'stopped' && HOLDING_STATUSES.includes(s.status)).length,
      new: made,
      cancelled,
      churnRate: before > 0 ? cancelled / before : null,
      netGrowth: made - cancelled,
    };
  });

  const inRange = (at: Date) => monthOf(at) >= from && monthOf(at) <= to;
  const tookInstead = (id: string, kind: 'skip' | 'pause') =>
    changes.filter((e) => e.kind === kind && (e.detail as { insteadOf?: string }).insteadOf === id && inRange(e.at)).length;
  const reasonRows = CANCEL_REASONS.map(({ id }) => ({
    reason: id,
    cancelled: reasons.filter((r) => r.reason === id && inRange(r.at)).length,
    skippedInstead: tookInstead(id, 'skip'),
    pausedInstead: tookInstead(id, 'pause'),
  }));
  const leaving = {
    reasons: reasonRows,
    skippedInstead: reasonRows.reduce((n, r) => n + r.skippedInstead, 0),
    pausedInstead: reasonRows.reduce((n, r) => n + r.pausedInstead, 0),
  };

  const firstDelivered = new Map<string, MonthKey>();
  for (const key of [...delivered].sort()) {
    const [id, month] = key.split('/') as [string, MonthKey];
    if (!firstDelivered.has(id)) firstDelivered.set(id, month);
  }
  const retention = months
    .filter((month) => month <= THIS_MONTH)
    .flatMap((month) => {
      const cohort = subs.filter((s) => firstDelivered.get(s.id) === month);
      if (cohort.length === 0) return [];
      const shares = Array.from({ length: RETENTION_MONTHS }, (_, i) => {
        const later = addMonths(month, i + 1);
        return later > THIS_MONTH ? null : cohort.filter((s) => active(s, later)).length / cohort.length;
      });
      return [{ month, size: cohort.length, shares }];
    });

  const deliveredOn = (subscriptionId: string, month: MonthKey) => {
    const times = deliveryChanges
      .filter((e) => e.subscriptionId === subscriptionId && e.month === month)
      .filter((e) => e.kind === 'proof' || (e.kind === 'status' && (e.detail as { to?: string }).to === 'delivered'))
      .map((e) => e.at.getTime());
    return studioDate(new Date(Math.max(...times)));
  };
  const deliveryDays = months.map((month) => {
    const date = defaultDeliveryDate(month);
    const dayStops = subs
      .map((s) => ({ s, stop: stops.find((d) => d.subscriptionId === s.id && d.month === month) }))
      .filter(
        ({ s, stop }) =>
          stateIn(s, month) === 'delivering' || pickupDue(s, s.vasesOut, month, stop?.kind ?? null) || stop?.status === 'delivered',
      );
    const made = dayStops.filter(({ stop }) => stop?.status === 'delivered');
    const onDay = made.filter(({ s }) => deliveredOn(s.id, month) <= date).length;
    return {
      month,
      date,
      planned: dayStops.length,
      deliveredOnTheDay: onDay,
      deliveredLater: made.length - onDay,
      notDelivered: date < TODAY ? dayStops.length - made.length : 0,
      leftAtDoorWithPhoto: made.filter(({ stop }) => stop!.proofImageKey !== null).length,
      failedAttempts: stops.filter((d) => d.month === month).reduce((n, d) => n + d.failedAttempts, 0),
    };
  });

  // Money: what moved by when, what each month holds, and whether each subscription's month is paid.
  const movedIn = (month: MonthKey, kind: 'charge' | 'refund') =>
    Math.abs(ledger.filter((e) => e.kind === kind && monthOf(e.at) === month).reduce((sum, e) => sum + e.amountCents, 0));
  const netIn = (month: MonthKey) => movedIn(month, 'charge') - movedIn(month, 'refund');
  const entriesOf = new Map<string, LedgerEntry[]>();
  for (const entry of ledger) entriesOf.set(entry.subscriptionId, [...(entriesOf.get(entry.subscriptionId) ?? []), entry]);
  const paid = (s: SubscriptionDbRow, month: MonthKey) =>
    monthBalances(entriesOf.get(s.id) ?? []).some((balance) => balance.month === month && balance.paid);
  const moneyMonths = months.map((month) => {
    const come = month <= THIS_MONTH;
    const expectedCents =
      (come ? activeCount(month) : subs.filter((s) => stateIn(s, month) === 'delivering' && !paid(s, month)).length) *
      PRICE_PER_MONTH_CENTS;
    const held = ledger.filter((e) => e.month === month).reduce((sum, e) => sum + e.amountCents, 0);
    return {
      month,
      chargedCents: movedIn(month, 'charge'),
      refundedCents: movedIn(month, 'refund'),
      netCents: netIn(month),
      expectedCents,
      differenceCents: come ? held - expectedCents : null,
    };
  });
  const year = monthsOfRange(addMonths(THIS_MONTH, -11), THIS_MONTH);
  const payersInYear = subs.filter((s) => year.some((month) => active(s, month))).length;
  const yearNet = year.reduce((sum, month) => sum + netIn(month), 0);
  const money = { months: moneyMonths, averagePerSubscriberYearCents: payersInYear > 0 ? Math.round(yearNet / payersInYear) : null };

  // The headline: this month and last, whatever the range.
  const headlineOf = (month: MonthKey) => {
    const before = activeCount(addMonths(month, -1));
    const made = subs.filter((s) => monthOf(s.createdAt) === month).length;
    const cancelled = cancelledIn(month);
    return {
      month,
      active: activeCount(month),
      paused: subs.filter(
        (s) => !active(s, month) && (stateIn(s, month) === 'paused' || (stateIn(s, month) === 'stopped' && s.status === 'paused')),
      ).length,
      recurringRevenueCents: activeCount(month) * PRICE_PER_MONTH_CENTS,
      netChargedCents: netIn(month),
      new: made,
      cancelled,
      churnRate: before > 0 ? cancelled / before : null,
      netGrowth: made - cancelled,
    };
  };
  const subscriberMonths = year.reduce((n, month) => n + activeCount(month), 0);
  const headline = {
    thisMonth: headlineOf(THIS_MONTH),
    lastMonth: headlineOf(addMonths(THIS_MONTH, -1)),
    revenuePerSubscriberMonthCents: subscriberMonths > 0 ? Math.round(yearNet / subscriberMonths) : null,
  };
  return { from, to, headline, subscribers, money, leaving, retention, deliveries: deliveryDays };
}

describe.each(DATABASE_KINDS)(`the owner's figures over two years of random history (seed ${SEED}), on %s`, (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens = { boss: '', ella: '' };

  beforeAll(async () => {
    database = await createMigratedDatabase(kind);
    app = await startTestServer(database, { clock: () => NOW });
    await addUser(database.db, 'Bea Boss', 'boss@blooms.example', 'admin');
    await addUser(database.db, 'Ella Driver', 'ella@blooms.example');
    tokens.boss = (await signInWithGoogle('boss@blooms.example')).idToken;
    tokens.ella = (await signInWithGoogle('ella@blooms.example')).idToken;
    await writeHistory(database.db, SEED);
  }, 240_000);
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const figures = (query: string, token = tokens.boss) =>
    app.inject({ method: 'GET', url: `/api/business-figures${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** The figures as the server reads them at NOW, nothing newer being read. */
  const freshly = (numbers: FigureNumbers): BusinessFigures => ({ ...numbers, asOf: NOW.toISOString(), refreshing: false });
  /** Asks again, as the page does, until the figures served are no longer being read again. */
  const readAgainUntilFresh = async (): Promise<BusinessFigures> => {
    for (let i = 0; i < 300; i += 1) {
      const body = (await figures('')).json() as BusinessFigures;
      if (!body.refreshing) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the figures were still being read after 15 s');
  };

  it(`gives the last 12 months and the next 3 by default, each figure as the raw rows count it (seed ${SEED})`, async () => {
    const response = await figures('');
    expect(response.statusCode).toBe(200);
    const body = response.json() as BusinessFigures;
    expect({ from: body.from, to: body.to }).toEqual({ from: '2025-12', to: '2027-02' });
    expect(body).toEqual(freshly(await expectedFigures(database.db, '2025-12', '2027-02')));
    // The history is rich enough to test something: every kind of figure has counts in it.
    const total = (key: 'active' | 'paused' | 'held' | 'new' | 'cancelled' | 'gifts') => body.subscribers.reduce((n, m) => n + m[key], 0);
    for (const key of ['active', 'paused', 'held', 'new', 'cancelled', 'gifts'] as const) expect(total(key)).toBeGreaterThan(0);
    expect(body.deliveries.some((day) => day.deliveredLater > 0 && day.notDelivered > 0 && day.leftAtDoorWithPhoto > 0)).toBe(true);
    const pickups = await database.db.select().from(deliveries).where(eq(deliveries.kind, 'pickup'));
    expect(pickups.some((stop) => stop.status === 'delivered')).toBe(true);
    // Money of every kind: charges, refunds, months to come with charges expected, and a month paid ahead not expected again.
    const past = body.money.months.filter((month) => month.month <= THIS_MONTH);
    expect(past.every((month) => month.chargedCents > 0 && month.differenceCents !== null)).toBe(true);
    expect(past.some((month) => month.refundedCents > 0 && month.differenceCents! < 0)).toBe(true);
    const coming = body.money.months.filter((month) => month.month > THIS_MONTH);
    expect(coming.every((month) => month.expectedCents > 0 && month.differenceCents === null)).toBe(true);
    expect(body.money.averagePerSubscriberYearCents).toBeGreaterThan(0);
    const [paidAhead] = await database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'charge'), gt(ledgerEntries.month, THIS_MONTH)));
    expect(paidAhead).toBeDefined();
    const declined = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.outcome, 'declined'));
    const recovered = await database.db
      .select()
      .from(chargeAttempts)
      .where(and(eq(chargeAttempts.outcome, 'paid'), gt(chargeAttempts.attempt, 1)));
    expect(declined.length).toBeGreaterThan(5);
    expect(recovered.length).toBe(declined.length);
  });

  it(`gives a chosen range, retention included, as the raw rows count it (seed ${SEED})`, async () => {
    const response = await figures(`?from=${HISTORY_FROM}&to=${THIS_MONTH}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as BusinessFigures;
    expect(body).toEqual(freshly(await expectedFigures(database.db, HISTORY_FROM, THIS_MONTH)));
    expect(body.retention.filter((cohort) => cohort.shares.every((share) => share !== null)).length).toBeGreaterThan(5);
    expect(body.leaving.reasons.reduce((n, r) => n + r.cancelled, 0)).toBeGreaterThan(0);
    expect(body.leaving.skippedInstead).toBeGreaterThan(0);
    expect(body.leaving.pausedInstead).toBeGreaterThan(0);
    const cancels = await database.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.kind, 'cancel'));
    expect(cancels.length).toBeGreaterThan(5);
  });

  it('kept in memory, and after a change answered with the figures kept while newer ones are read (or the newer ones, read within a moment): a payment made shows on the next read', async () => {
    const before = (await figures('')).json() as BusinessFigures;
    expect((await figures('')).json()).toEqual(before);
    const [someone] = await database.db.select().from(subscriptions).limit(1);
    await recordPayment(database.db, someone!.id, 'pi_test_kept', addMonths(THIS_MONTH, 2), PRICE_PER_MONTH_CENTS, { at: NOW });
    const chargedNow = (body: BusinessFigures) => body.money.months.find((month) => month.month === THIS_MONTH)!.chargedCents;
    // The server waits a moment (kept-figures.ts FRESH_WAIT_MS) for the read it starts; a loaded machine may take longer.
    const first = (await figures('')).json() as BusinessFigures;
    if (first.refreshing) expect(first).toEqual({ ...before, refreshing: true });
    else expect(chargedNow(first)).toBe(chargedNow(before) + PRICE_PER_MONTH_CENTS);
    const after = await readAgainUntilFresh();
    expect(chargedNow(after)).toBe(chargedNow(before) + PRICE_PER_MONTH_CENTS);
    expect(after).toEqual(freshly(await expectedFigures(database.db, '2025-12', '2027-02')));
  });

  it('refuses anyone but an admin', async () => {
    expect((await figures('', tokens.ella)).statusCode).toBe(403);
    expect((await figures('', '')).statusCode).toBe(401);
  });

  it.each([
    ['?from=2026-11&to=2026-01', BUSINESS_FIGURES_MESSAGES.order],
    ['?from=2020-01&to=2026-01', BUSINESS_FIGURES_MESSAGES.tooLong],
    ['?from=2026-01', BUSINESS_FIGURES_MESSAGES.bothOrNeither],
    ['?from=2026-13&to=2026-12', 'from must be a month as YYYY-MM, from 2000-01 to 2199-12.'],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const response = await figures(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers as if it were not there a query key it does not read (an app of another release may send one)', async () => {
    const [plain, extra] = [await figures('?from=2026-01&to=2026-02'), await figures('?from=2026-01&to=2026-02&extra=1')];
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual(plain.json());
  });
});
