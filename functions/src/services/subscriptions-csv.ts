import {
  DASHBOARD_COLUMNS,
  deliverThisMonthLabel,
  notesForStaff,
  statusLabel,
  type SubscriptionRow,
} from '@blooms/shared/contract/deliveries';
import { lifecycleLabel } from '@blooms/shared/contract/lifecycle';

/** The dashboard's columns, in the table's order (Notes in full, Submitted as an ISO time), then the subscription's standing. */
export const CSV_COLUMNS = [...DASHBOARD_COLUMNS, 'Subscription'];

/**
 * One CSV field: quoted when it holds a comma, quote or line break, and made inert when a
 * spreadsheet would read it as a formula (a customer could type "=HYPERLINK(...)" as a note).
 */
export function csvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

export function csvLine(values: string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

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
