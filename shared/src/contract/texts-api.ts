import { z } from 'zod';
import { normalizeUsPhone, TEXT_CONSENT_WORDINGS, TEXT_MESSAGES } from './texts';

// The schemas of delivery-day texts (contract/texts.ts holds the words and rules the browser needs without zod).

/** A phone field as the server takes it: normalised to E.164, or refused with the message. */
export const textPhoneSchema = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const phone = normalizeUsPhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return phone;
  });

/** The exact wording the page showed beside the box it ticked: one this site has shown. */
export const textWordingSchema = z
  .string()
  .max(1000)
  .refine((wording) => TEXT_CONSENT_WORDINGS.includes(wording), TEXT_MESSAGES.unknownWording);

/** The account's Texts setting: turn them on (with the number and the wording shown) or off. */
export const textSettingSchema = z.discriminatedUnion('texts', [
  z.strictObject({ texts: z.literal('on'), phone: textPhoneSchema, wording: textWordingSchema }),
  z.strictObject({ texts: z.literal('off') }),
]);

/** What the account shows about texts. */
export const textStateSchema = z.object({
  state: z.enum(['on', 'off']),
  /** The number texts go to, E.164, while on. */
  phone: z.string().nullable(),
  /** When it was turned on or off (ISO). */
  since: z.string().nullable(),
  /** Where: the subscribe form, the account, or a reply to a text (STOP, START). */
  how: z.enum(['account', 'subscribe', 'reply']).nullable(),
});

/** A delivery-day message as the history lists it: each e-mail and text, with where it stands. */
export const deliveryDayMessageSchema = z.object({
  channel: z.enum(['email', 'text']),
  at: z.string(),
  month: z.string().nullable(),
  kind: z.string(),
  /** An e-mail's subject or a text's words. */
  summary: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'opted-out', 'too-late']),
  sentAt: z.string().nullable(),
});

/** A consent given or withdrawn, as the history lists it. */
export const textConsentEventSchema = z.object({
  at: z.string(),
  action: z.enum(['opt-in', 'opt-out']),
  source: z.string(),
  phone: z.string(),
  wording: z.string(),
});
