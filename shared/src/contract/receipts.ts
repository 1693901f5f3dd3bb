// A receipt as the e-mail, the account and the printable receipt page show it: one list of
// rows, so the three never disagree.
import { z } from 'zod';
import { ACCOUNT_PATH } from './routes';

/** A receipt's number in a link or a request: "R-000042". */
export const RECEIPT_NUMBER_PATTERN = /^R-\d{6,12}$/;

/** What a subscriber is told for a receipt that is not theirs, or not a receipt at all: the same words, so neither leaks. */
export const RECEIPT_NOT_FOUND = 'None of your payments has that receipt. Open your receipts from your account, under Payments.';

/** The printable receipt page of the subscriber's account; the receipt's number is its `number` query. */
export const RECEIPT_PAGE_PATH = `${ACCOUNT_PATH}/receipt`;
export const receiptPageHref = (number: string) => `${RECEIPT_PAGE_PATH}?number=${encodeURIComponent(number)}`;

export const receiptParamsSchema = z.strictObject({
  number: z.string().regex(RECEIPT_NUMBER_PATTERN, { error: RECEIPT_NOT_FOUND }),
});

/** A receipt as the e-mail and the account show it, and as the API sends it: in the account's payments and on the receipt page. */
export const receiptFactsSchema = z.object({
  /** "R-000042". */
  number: z.string(),
  amount: z.string(),
  /** Each month it pays for with its delivery day: "March 2027, delivered Thursday, March 11, 2027". */
  deliveries: z.array(z.string()),
  /** "Visa ending in 4242", or null when the provider could not say. */
  card: z.string().nullable(),
  paidOn: z.string(),
});
export type ReceiptFacts = z.output<typeof receiptFactsSchema>;

/** One payment's receipt on its own page. Every field is optional: an app of another release reads what it knows. */
export const receiptPageSchema = z.object({
  receipt: receiptFactsSchema.optional(),
  /** The subscription's name (planLabel): "Gift: 3 deliveries, paid up front ($297)", "Yearly plan". */
  plan: z.string().optional(),
  /** Who paid: the subscriber, or a gift's buyer. */
  paidBy: z.string().optional(),
  /** Whose door the flowers go to, for a gift; null otherwise. */
  giftTo: z.string().nullable().optional(),
  /** Who is behind the receipt: the business's name and where to reach it (the server's settings). */
  business: z.object({ name: z.string(), streetAddress: z.string(), contactEmail: z.string(), phone: z.string() }).optional(),
});
export type ReceiptPage = z.output<typeof receiptPageSchema>;

export interface ReceiptRow {
  label: string;
  value: string;
}

/** What a receipt says, row by row: its number, when, how much, with what, for which plan and deliveries. */
export function receiptRows(receipt: ReceiptFacts, plan?: string, giftTo?: string | null): ReceiptRow[] {
  return [
    { label: 'Receipt', value: receipt.number },
    { label: 'Paid on', value: receipt.paidOn },
    { label: 'Amount', value: receipt.amount },
    { label: 'Paid with', value: receipt.card ?? 'The card you saved with us' },
    ...(plan ? [{ label: 'Plan', value: plan }] : []),
    ...(giftTo ? [{ label: 'Flowers for', value: giftTo }] : []),
    ...receipt.deliveries.map((delivery) => ({ label: 'For', value: delivery })),
  ];
}

/** The sentence a receipt opens with. */
export const receiptThanks = (receipt: ReceiptFacts) => `Thank you: we charged ${receipt.amount} on ${receipt.paidOn}.`;
