import { useState } from 'react';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import type { StaffMember } from '@blooms/shared/contract/deliveries-api';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';
import { applyDelivery } from '../deliveries/live-cache';

/** "Assigned 2 deliveries to Ella." or "Unassigned 1 delivery.": said once the assignment is done. */
export function assignedMessage(count: number, email: string | null, staff: readonly StaffMember[]): string {
  const who = staff.find((member) => member.email === email)?.firstName ?? email;
  const what = `${count} ${count === 1 ? 'delivery' : 'deliveries'}`;
  return email === null ? `Unassigned ${what}.` : `Assigned ${what} to ${who}.`;
}

interface Options {
  month: MonthKey;
  staff: readonly StaffMember[];
  /** Runs once the assignment is saved: the ticks it used are spent. */
  onDone: () => void;
}

/** Gives the ticked deliveries to one staff member (or to nobody), and says what it did. */
export function useBulkAssign({ month, staff, onDone }: Options) {
  const [assigning, setAssigning] = useState(false);
  /** What the last bulk assignment did, said once it is done. */
  const [assigned, setAssigned] = useState<string | null>(null);

  async function assign(ids: readonly string[], email: string | null) {
    setAssigning(true);
    setAssigned(null);
    try {
      const changed = await deliveriesApi.assign(month, [...ids], email);
      changed.forEach(applyDelivery);
      onDone();
      setAssigned(assignedMessage(changed.length, email, staff));
    } catch (e) {
      showFailure(e);
    } finally {
      setAssigning(false);
    }
  }

  return { assigning, assigned, assign };
}
