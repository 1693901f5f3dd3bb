import { useMemo, useState } from 'react';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { splitByArea } from '@blooms/shared/contract/area-split';
import { isUnassigned, type DayStop } from '@blooms/shared/contract/day-stops';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { applyDelivery } from '../deliveries/live-cache';

interface Options {
  month: MonthKey;
  stops: DayStop[] | null;
  staff: readonly StaffMember[];
  /** Reads the day's stops again: after applying, and when the server says the preview was stale. */
  reloadStops: () => void;
}

/** "Assigned 6 stops by area: Ella 3, Finn 3." */
export function appliedMessage(counts: { name: string; stops: number }[]): string {
  const total = counts.reduce((sum, share) => sum + share.stops, 0);
  return `Assigned ${total} ${total === 1 ? 'stop' : 'stops'} by area: ${counts.map((share) => `${share.name} ${share.stops}`).join(', ')}.`;
}

/** The drivers ticked, the split of the day's unassigned stops among them (previewed), and Apply. */
export function useAssignByArea({ month, stops, staff, reloadStops }: Options) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [applying, setApplying] = useState(false);
  const [applied, setApplied] = useState<string | null>(null);
  const unassigned = useMemo(() => (stops ?? []).filter(isUnassigned), [stops]);
  // In the staff list's order, so the split does not depend on the order the boxes were ticked in.
  const drivers = useMemo(() => staff.filter((member) => chosen.has(member.email)), [staff, chosen]);
  const split = useMemo(
    () =>
      splitByArea(
        unassigned,
        drivers.map((member) => member.email),
      ),
    [unassigned, drivers],
  );

  function toggle(email: string) {
    setApplied(null);
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(email)) next.add(email);
      return next;
    });
  }

  /** Assigns the split shown; true once done. A stale preview is refused by the server and shown again, fresh. */
  async function apply(): Promise<boolean> {
    setApplying(true);
    try {
      const changed = await deliveriesApi.assignByArea(
        month,
        split.map(({ driver, subscriptionIds }) => ({ driver, subscriptionIds })),
      );
      changed.forEach(applyDelivery);
      setApplied(appliedMessage(split.map((share, i) => ({ name: drivers[i]!.firstName, stops: share.subscriptionIds.length }))));
      setChosen(new Set());
      reloadStops();
      return true;
    } catch (error) {
      showFailure(error);
      if (error instanceof ApiError && error.status === 409) reloadStops();
      return false;
    } finally {
      setApplying(false);
    }
  }

  return { unassigned, drivers, chosen, toggle, split, applying, applied, apply };
}
