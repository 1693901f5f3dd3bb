/**
 * Delivery-day text messages: the consent wording the subscribe form and the account show,
 * the phone rule, and what the account and the history say about texts. Both sides use these:
 * the browser shows the wording, the server accepts a consent only with a wording it knows and
 * records that exact text.
 */
import type { z } from 'zod';
import type { deliveryDayMessageSchema, textStateSchema } from './texts-api';

/** Where Twilio posts replies to the texts (its Messaging webhook, A MESSAGE COMES IN). */
export const TEXT_REPLIES_PATH = '/api/sms/replies';

/** Who sends, how often, how to stop and get help, and what it may cost: shown beside the unticked box. */
export const TEXT_CONSENT_WORDING =
  'Monthly Blooms will text this number on delivery days, about 1-2 texts a month, when your flowers are on the way. ' +
  'Reply STOP to opt out, HELP for help. Message and data rates may apply. Consent is not a condition of purchase.';

/** Every wording a release has shown, newest first: a consent is accepted only with one of them (an older page may still show an earlier one). */
export const TEXT_CONSENT_WORDINGS: readonly string[] = [TEXT_CONSENT_WORDING];

export const TEXT_CONSENT_LABEL = 'Text me on delivery days';

export const TEXT_MESSAGES = {
  invalidPhone: 'Enter a US mobile number, 10 digits (801 555 0123).',
  unknownWording: 'That consent wording is not one this site shows: reload the page and tick the box again.',
} as const;

/**
 * A US number as people type it ("(801) 555-0123", "801.555.0123", "+1 801 555 0123") in
 * E.164 ("+18015550123"); null when it is not one (area code and exchange start 2-9).
 */
export function normalizeUsPhone(value: string): string | null {
  const digits = value.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}

/** "+18015550123" -> "(801) 555-0123". */
export function formatUsPhone(e164: string): string {
  const national = e164.replace(/^\+1/, '');
  return /^\d{10}$/.test(national) ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : e164;
}

/** What the account shows about texts, and a delivery-day message as the history lists it: texts-api.ts. */
export type TextState = z.output<typeof textStateSchema>;
export type DeliveryDayMessage = z.output<typeof deliveryDayMessageSchema>;

/** "Texts: off, you replied STOP on December 6, 2026" and the like. */
export function textStateLine(state: TextState): string {
  const day = state.since
    ? new Date(state.since).toLocaleDateString('en-US', { timeZone: 'America/Denver', month: 'long', day: 'numeric', year: 'numeric' })
    : null;
  if (state.state === 'on') return `Texts: on, to ${formatUsPhone(state.phone ?? '')}${day ? ` since ${day}` : ''}`;
  if (state.how === 'reply') return `Texts: off, you replied STOP${day ? ` on ${day}` : ''}`;
  return day ? `Texts: off since ${day}` : 'Texts: off';
}

export const MESSAGE_STATUS_LABELS: Record<DeliveryDayMessage['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  'opted-out': 'Not sent: opted out',
  'too-late': 'Not sent: past 8 pm',
};

/** The studio's texting hours, by the server's clock in America/Denver: 8:00 to 20:00. */
export const TEXT_HOURS = { from: 8, until: 20 } as const;

/** The text that tells a subscriber their flowers are on the way: one SMS segment (160 GSM characters) with a short link. */
export function onTheWayText(input: { dayLabel: string; link: string }): string {
  return `Monthly Blooms: your flowers are on the way today, ${input.dayLabel}. ${input.link} Reply STOP to opt out.`;
}

/** The answer to HELP. */
export const TEXT_HELP_REPLY = (contact: { phone: string; email: string }) =>
  `Monthly Blooms delivery-day texts, about 1-2 a month. Help: ${contact.phone} or ${contact.email}. Reply STOP to opt out. Msg&data rates may apply.`;

/** Replies that opt a number out, and back in (the carrier words Twilio also honours). */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_WORDS = ['START', 'YES', 'UNSTOP'] as const;
export const HELP_WORDS = ['HELP', 'INFO'] as const;
