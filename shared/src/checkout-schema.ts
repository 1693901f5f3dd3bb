import { z } from 'zod';
import { isDeliveryZip } from './delivery-area';
import { MONTH_NAMES, type MonthName } from './months';
import { SUBSCRIBE_MESSAGES, type Plan } from './subscribe';
import { EMAIL_PATTERN } from './validation';

// The server's check of a checkout payload (spec section 3): the form's rules, with the same
// messages, plus the delivery area. Apart from subscribe.ts so the browser form ships no zod.

const text = (field: string, max: number) =>
  z.string({ error: `${field} is required.` }).trim().min(1, `${field} is required.`).max(max, `${field} must be at most ${max} characters.`);
const optionalText = (field: string, max: number) => z.string({ error: `${field} must be text.` }).trim().max(max, `${field} must be at most ${max} characters.`).default('');

/** The server's check of a checkout payload: the form's rules, and the delivery area. */
export const checkoutPayloadSchema = z
  .object({
    email: text('email', 254).regex(EMAIL_PATTERN, SUBSCRIBE_MESSAGES.invalidEmail),
    first_name: text('first_name', 100),
    last_name: text('last_name', 100),
    phone: z.string({ error: 'phone is required.' }).regex(/^\d{10}$/, SUBSCRIBE_MESSAGES.invalidPhone),
    address: text('address', 200),
    unit: optionalText('unit', 50),
    city: text('city', 100),
    state: z.literal('UT', { error: 'We only deliver in Utah: state must be UT.' }),
    zip: z
      .string({ error: 'zip is required.' })
      .regex(/^\d{5}$/, SUBSCRIBE_MESSAGES.invalidZip)
      .refine(isDeliveryZip, SUBSCRIBE_MESSAGES.outOfArea),
    notes: optionalText('notes', 1000),
    plan: z.enum(['yearly', 'custom'], { error: "plan must be 'yearly' or 'custom'." }),
    months: z.string({ error: 'months is required.' }).max(200),
    sub_id: z.string({ error: 'sub_id is required.' }).regex(/^[A-Za-z0-9]{0,254}-\d{10,16}$/, 'sub_id is not valid.'),
  })
  .transform((payload, ctx) => {
    const months = parseMonths(payload.plan, payload.months);
    if (!months) {
      ctx.addIssue({ code: 'custom', message: payload.plan === 'yearly' ? "months must be 'all' for the yearly plan." : SUBSCRIBE_MESSAGES.noMonths });
      return z.NEVER;
    }
    return { ...payload, monthNumbers: months };
  });

export type ValidCheckout = z.output<typeof checkoutPayloadSchema>;

/** 'all' -> 1..12 for yearly; 'January,March' -> [1, 3] for custom; null when not valid. */
function parseMonths(plan: Plan, months: string): number[] | null {
  if (plan === 'yearly') return months === 'all' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : null;
  const names = months.split(',').map((name) => name.trim());
  if (names.length === 0 || names.some((name) => !MONTH_NAMES.includes(name as MonthName))) return null;
  return [...new Set(names.map((name) => MONTH_NAMES.indexOf(name as MonthName) + 1))].sort((a, b) => a - b);
}
