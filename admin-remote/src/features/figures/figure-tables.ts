// Each part of the figures page as a table: the same rows are drawn as the page's table and
// written to its CSV, so what is copied is what is read.
import { CANCEL_REASONS } from '@blooms/shared/contract/account';
import { RETENTION_MONTHS, type BusinessFigures, type PaymentToChase } from '@blooms/shared/contract/business-figures';
import { toCsv, type CsvCell } from '@blooms/shared/contract/csv';
import { dollarsValue, formatCount, formatDay, formatDollars, formatInstant, formatShare, percentValue, shortMonth } from './format';

/** One row: its first cell is the row's header; `text` is what the page shows, `values` what the CSV holds. */
export interface FigureRow {
  text: string[];
  values: CsvCell[];
}

export interface FigureTable {
  caption: string;
  /** The CSV's name without the range and extension, e.g. "subscribers". */
  fileStem: string;
  columns: string[];
  rows: FigureRow[];
}

/** A cell shown one way and written another. */
type Cell = { text: string; value: CsvCell };
const count = (n: number): Cell => ({ text: formatCount(n), value: n });
const dollars = (cents: number | null): Cell =>
  cents === null ? { text: '–', value: null } : { text: formatDollars(cents), value: dollarsValue(cents) };
const share = (fraction: number | null): Cell => ({
  text: formatShare(fraction),
  value: fraction === null ? null : percentValue(fraction),
});
const plain = (text: string, value: CsvCell = text): Cell => ({ text, value });
const row = (cells: Cell[]): FigureRow => ({ text: cells.map((cell) => cell.text), values: cells.map((cell) => cell.value) });

const REASON_LABELS = Object.fromEntries(CANCEL_REASONS.map((reason) => [reason.id, reason.label])) as Record<string, string>;

export function subscribersTable(figures: BusinessFigures): FigureTable {
  return {
    caption: 'Subscribers by month',
    fileStem: 'subscribers',
    columns: [
      'Month',
      'Active',
      'Yearly',
      'Custom',
      'Gifts',
      'Paused',
      'Held (payment)',
      'New',
      'Cancelled',
      'Churn rate (%)',
      'Net growth',
    ],
    rows: figures.subscribers.map((month) =>
      row([
        plain(shortMonth(month.month), month.month),
        count(month.active),
        count(month.yearly),
        count(month.custom),
        count(month.gifts),
        count(month.paused),
        count(month.held),
        count(month.new),
        count(month.cancelled),
        share(month.churnRate),
        count(month.netGrowth),
      ]),
    ),
  };
}

export function moneyTable(figures: BusinessFigures): FigureTable {
  return {
    caption: 'Money by month (US dollars)',
    fileStem: 'money',
    columns: ['Month', 'Charged ($)', 'Refunded ($)', 'Net ($)', 'Expected ($)', 'Difference ($)'],
    rows: figures.money.months.map((month) =>
      row([
        plain(shortMonth(month.month), month.month),
        dollars(month.chargedCents),
        dollars(month.refundedCents),
        dollars(month.netCents),
        dollars(month.expectedCents),
        dollars(month.differenceCents),
      ]),
    ),
  };
}

export const STATUS_LABELS: Record<PaymentToChase['status'], string> = {
  'past-due': 'Past due',
  'needs-authentication': 'Awaiting the payer’s confirmation',
};

/** "since" is a month ('2026-10'), a day or an instant; each is shown as staff read it. */
function since(value: string): Cell {
  if (/^\d{4}-\d{2}$/.test(value)) return plain(shortMonth(value), value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return plain(formatDay(value), value);
  return plain(formatInstant(value), value);
}

export function paymentsToChaseTable(payments: readonly PaymentToChase[]): FigureTable {
  return {
    caption: 'Payments to chase, longest owing first',
    fileStem: 'payments-to-chase',
    columns: ['Name', 'Email', 'Status', 'Since', 'Owed ($)', 'Tries', 'Last e-mail'],
    rows: payments.map((payment) =>
      row([
        plain(payment.name),
        plain(payment.email),
        plain(STATUS_LABELS[payment.status]),
        since(payment.since),
        dollars(payment.owedCents),
        count(payment.tries),
        payment.lastEmailAt === null ? plain('None sent', null) : plain(formatInstant(payment.lastEmailAt), payment.lastEmailAt),
      ]),
    ),
  };
}

export function leavingTable(figures: BusinessFigures): FigureTable {
  const { reasons } = figures.leaving;
  return {
    caption: 'Why people leave: reasons given in the range',
    fileStem: 'why-people-leave',
    columns: ['Reason', 'Cancelled', 'Skipped a month instead', 'Paused instead'],
    rows: [
      ...reasons.map((reason) =>
        row([
          plain(REASON_LABELS[reason.reason] ?? reason.reason),
          count(reason.cancelled),
          count(reason.skippedInstead),
          count(reason.pausedInstead),
        ]),
      ),
      row([
        plain('All reasons'),
        count(reasons.reduce((sum, reason) => sum + reason.cancelled, 0)),
        count(figures.leaving.skippedInstead),
        count(figures.leaving.pausedInstead),
      ]),
    ],
  };
}

export const RETENTION_COLUMNS = Array.from({ length: RETENTION_MONTHS }, (_, i) => `${i + 1} mo (%)`);

export function retentionTable(figures: BusinessFigures): FigureTable {
  return {
    caption: 'Retention: share of each month’s new subscriptions still active months after their first delivery',
    fileStem: 'retention',
    columns: ['First delivery', 'Subscriptions', ...RETENTION_COLUMNS],
    rows: figures.retention.map((cohort) =>
      row([plain(shortMonth(cohort.month), cohort.month), count(cohort.size), ...cohort.shares.map(share)]),
    ),
  };
}

export function deliveriesTable(figures: BusinessFigures): FigureTable {
  return {
    caption: 'Deliveries by delivery day',
    fileStem: 'deliveries',
    columns: [
      'Delivery day',
      'Planned',
      'On the day',
      'Later',
      'Not delivered',
      'Left at the door with a photo',
      'Could not deliver (attempts)',
    ],
    rows: figures.deliveries.map((day) =>
      row([
        plain(formatDay(day.date), day.date),
        count(day.planned),
        count(day.deliveredOnTheDay),
        count(day.deliveredLater),
        count(day.notDelivered),
        count(day.leftAtDoorWithPhoto),
        // An API of the release before does not count failed attempts.
        day.failedAttempts === undefined ? plain('–', '') : count(day.failedAttempts),
      ]),
    ),
  };
}

/** The table as CSV: its column names, then its rows. */
export const csvOf = (table: FigureTable): string => toCsv([table.columns, ...table.rows.map((r) => r.values)]);
