import type { SubscriptionRow } from '@blooms/shared/contract/deliveries';
import { previewOrder } from '../deliveries/use-drag-reorder';

/** A stop the driver has finished: delivered, or its vase collected (a pickup's Delivered). */
export function isDone(row: Pick<SubscriptionRow, 'delivery'>): boolean {
  return row.delivery.status === 'delivered';
}

/** How far the driver is through the day: "3 of 12 done". */
export function dayProgress(rows: readonly Pick<SubscriptionRow, 'delivery'>[]): { done: number; total: number } {
  return { done: rows.filter(isDone).length, total: rows.length };
}

export function progressText({ done, total }: { done: number; total: number }): string {
  return `${done} of ${total} done`;
}

/**
 * The stops as the driver works through them: those still to do in route order, the next one
 * first, then the finished ones, also in route order. The route order itself is unchanged.
 */
export function workOrder<T extends Pick<SubscriptionRow, 'delivery'>>(route: readonly T[]): T[] {
  return [...route.filter((row) => !isDone(row)), ...route.filter(isDone)];
}

/** The next stop: the first one not yet done in route order; null once all are done. */
export function nextStop<T extends Pick<SubscriptionRow, 'delivery'>>(route: readonly T[]): T | null {
  return route.find((row) => !isDone(row)) ?? null;
}

/**
 * The route order after a stop shown at place `from` of the work order is moved to place `to`
 * of it (a button or a drag). The stops still to do take the route places of the stops still to
 * do, in their new order, and the finished ones keep theirs among themselves: moving a stop to
 * do among the finished ones makes it the last one to do.
 */
export function routeAfterMove<T extends Pick<SubscriptionRow, 'id' | 'delivery'>>(
  route: readonly T[],
  from: number,
  to: number,
): string[] {
  const moved = previewOrder(workOrder(route), { from, over: to });
  const toDo = moved.filter((row) => !isDone(row));
  const done = moved.filter(isDone);
  return route.map((row) => (isDone(row) ? done.shift()! : toDo.shift()!).id);
}

/** Whether the stop at this place of the work order may move one place up (-1) or down (1): only among stops like it (to do, or done). */
export function canMove(work: readonly Pick<SubscriptionRow, 'delivery'>[], place: number, by: -1 | 1): boolean {
  const here = work[place];
  const there = work[place + by];
  return here !== undefined && there !== undefined && isDone(here) === isDone(there);
}
