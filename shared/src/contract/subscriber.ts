import { z } from 'zod';
import { isDeliveryZip } from './delivery-area';
import { SUBSCRIBE_MESSAGES } from './messages';
import { ALL_MONTH_NUMBERS } from './months';
import { isEmailAddress } from './validation';
import { GIFT_PAYMENTS, isGiftDeliveries, type GiftDeliveries } from './gifts';

export const PLANS = ['yearly', 'custom'] as const;
export type Plan = (typeof PLANS)[number];

const requiredText = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');

/**
 * A subscriber: the one definition of the fields a person gives when subscribing. The
 * subscribe form, the checkout wire format, the database row, the e-mail and
 * the staff row all derive from it. Messages of the generic rules name the field as the
 * caller names it (see validation.ts); the rules with words of their own carry those words (SUBSCRIBE_MESSAGES).
 */
export const subscriberFields = z.object({
  email: z.string().trim().min(1).max(254).refine(isEmailAddress, SUBSCRIBE_MESSAGES.invalidEmail),
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: z.string().regex(/^\d{10}$/, SUBSCRIBE_MESSAGES.invalidPhone),
  address: requiredText(200),
  unit: optionalText(50),
  city: requiredText(100),
  state: z.literal('UT', { error: 'We only deliver in Utah: state must be UT.' }),
  zip: z
    .string()
    .regex(/^\d{5}$/, SUBSCRIBE_MESSAGES.invalidZip)
    .refine(isDeliveryZip, SUBSCRIBE_MESSAGES.outOfArea),
  deliveryNotes: optionalText(1000),
  // A gift: the buyer pays and gets the receipts; the recipient above gets the flowers. All
  // empty when people subscribe for themselves.
  buyerName: optionalText(100),
  buyerEmail: z.string().trim().max(254).default(''),
  giftMessage: optionalText(300),
  /** A gift's length in deliveries, 0 while it runs until cancelled (contract/gifts.ts); always 0 when not a gift. */
  giftDeliveries: z.custom<GiftDeliveries>(isGiftDeliveries, { error: SUBSCRIBE_MESSAGES.giftDeliveries }).default(0),
  giftPayment: z.enum(GIFT_PAYMENTS, { error: SUBSCRIBE_MESSAGES.giftPayment }).default('per-delivery'),
  plan: z.enum(PLANS, { error: "plan must be 'yearly' or 'custom'." }),
  /** Month numbers 1-12 the subscriber receives flowers in, ascending. */
  months: z
    .array(z.number().int().min(1).max(12))
    .min(1, SUBSCRIBE_MESSAGES.noMonths)
    .transform((months) => [...new Set(months)].sort((a, b) => a - b)),
});

export const subscriberSchema = subscriberFields
  .refine((s) => s.plan !== 'yearly' || s.months.length === ALL_MONTH_NUMBERS.length, {
    message: 'A yearly plan delivers every month.',
    path: ['months'],
  })
  .refine((s) => !isGift(s) || s.buyerName !== '', { message: SUBSCRIBE_MESSAGES.giftBuyerName, path: ['buyerName'] })
  .refine((s) => !isGift(s) || isEmailAddress(s.buyerEmail), { message: SUBSCRIBE_MESSAGES.giftBuyerEmail, path: ['buyerEmail'] })
  .refine((s) => isGift(s) || (s.giftDeliveries === 0 && s.giftPayment === 'per-delivery'), {
    message: SUBSCRIBE_MESSAGES.giftTermsWithoutGift,
    path: ['giftDeliveries'],
  })
  .refine((s) => s.giftPayment !== 'prepaid' || s.giftDeliveries !== 0, {
    message: SUBSCRIBE_MESSAGES.prepaidNeedsLength,
    path: ['giftPayment'],
  });

/** The gift fields of someone subscribing for themselves. */
export const NOT_A_GIFT = { buyerName: '', buyerEmail: '', giftMessage: '', giftDeliveries: 0, giftPayment: 'per-delivery' } as const;

/** Whether someone else pays for these flowers: any gift field filled in makes it a gift. */
export function isGift(s: { buyerName: string; buyerEmail: string; giftMessage: string }): boolean {
  return s.buyerName !== '' || s.buyerEmail !== '' || s.giftMessage !== '';
}

/** Who receipts and account e-mails go to: the buyer of a gift, else the subscriber. */
export function payerOf(s: {
  firstName: string;
  lastName: string;
  email: string;
  buyerName: string;
  buyerEmail: string;
  giftMessage: string;
}): { name: string; email: string } {
  return isGift(s) ? { name: s.buyerName, email: s.buyerEmail } : { name: `${s.firstName} ${s.lastName}`, email: s.email };
}

export type Subscriber = z.output<typeof subscriberSchema>;
export type SubscriberField = keyof Subscriber;

/** The fields a person types: everything but the plan and its months, and a gift's length and payment (chosen, not typed). */
export type SubscriberTextField = Exclude<SubscriberField, 'plan' | 'months' | 'giftDeliveries' | 'giftPayment'>;
