// What the money-rule property tests share: the changes a subscriber makes from the account,
// as fast-check draws them, and how they are applied through the account services.
import fc from 'fast-check';
import { addMonths, type MonthKey } from '@blooms/shared/contract/months';
import { changeMonths } from '../../src/services/account/changes';
import { type AccountChangeContext } from '../../src/services/account/change';
import { pauseDeliveries, resumeDeliveries, skipMonth, unskipMonth } from '../../src/services/account/skip-and-pause';
import { InvalidInputError } from '../../src/domain/errors';

/** A plan: any months of the year, at least one. */
export const planMonths = fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 12 });

/** What a subscriber may do from the account, at a month so many months from now. */
export const accountChange = fc.oneof(
  fc.record({ kind: fc.constant('skip' as const), ahead: fc.integer({ min: 0, max: 14 }) }),
  fc.record({ kind: fc.constant('unskip' as const), ahead: fc.integer({ min: 0, max: 14 }) }),
  fc.record({ kind: fc.constant('pause' as const), ahead: fc.integer({ min: 0, max: 12 }), months: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('resume' as const) }),
  fc.record({ kind: fc.constant('months' as const), months: planMonths }),
);
export type AccountChange = typeof accountChange extends fc.Arbitrary<infer T> ? T : never;

/** Makes the change as the subscriber would; one the account refuses (too late, not in the plan, not paused) changes nothing. */
export async function makeAccountChange(
  ctx: AccountChangeContext,
  email: string,
  subscriptionId: string,
  change: AccountChange,
  thisMonth: MonthKey,
): Promise<void> {
  const month = 'ahead' in change ? addMonths(thisMonth, change.ahead) : thisMonth;
  const done =
    change.kind === 'skip'
      ? skipMonth(ctx, email, subscriptionId, month)
      : change.kind === 'unskip'
        ? unskipMonth(ctx, email, subscriptionId, month)
        : change.kind === 'pause'
          ? pauseDeliveries(ctx, email, subscriptionId, month, change.months)
          : change.kind === 'resume'
            ? resumeDeliveries(ctx, email, subscriptionId)
            : changeMonths(ctx, email, subscriptionId, change.months);
  await refusedChangesNothing(done);
}

/** Awaits a change, letting a refusal through (it changes nothing); any other error fails the test. */
export async function refusedChangesNothing(done: Promise<unknown>): Promise<void> {
  await done.catch((error: unknown) => {
    if (!(error instanceof InvalidInputError)) throw error;
  });
}
