import {
  DASHBOARD_COLUMNS,
  deliverThisMonthLabel,
  notesForStaff,
  statusLabel,
  type SubscriptionRow,
} from '@blooms/shared/contract/deliveries';
import { lifecycleLabel } from '@blooms/shared/contract/lifecycle';
import { csvLine } from '@blooms/shared/contract/csv';

/** The dashboard's columns, in the table's order (Notes in full, Submitted as an ISO time), then the subscription's standing. */
export const CSV_COLUMNS = [...DASHBOARD_COLUMNS, 'Subscription'];

export function csvRow(row: SubscriptionRow): string {
  const { delivery } = row;
  return csvLine([
    `${row.firstName} ${row.lastName}`,
    row.email,
    row.phone,
    row.address,
    row.unit,
    row.city,
    row.state,
    row.zip,
    notesForStaff(row),
    delivery.scheduled ? statusLabel(delivery.status) : 'No delivery',
    deliverThisMonthLabel(row),
    delivery.assignedTo ? delivery.assigneeName || delivery.assignedTo : 'Unassigned',
    row.createdAt,
    lifecycleLabel(row.lifecycle),
  ]);
}
