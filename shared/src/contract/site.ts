// Business facts shown on the site. Contact details and external links are deployment
// configuration: the server reads overrides from the environment and hands the result to
// the browser in /app-config.json, so no app hard-codes them.

export const BRAND_NAME = 'Monthly Blooms';
export const PRICE_PER_MONTH_USD = 99;
export const SKIP_NOTICE_DAYS = 7;
export const DELIVERY_COUNTIES = ['Salt Lake', 'Utah', 'Davis'] as const;
export const DELIVERY_CORRIDOR = 'the I-15 corridor from Bountiful to Provo';
/** The counties in a sentence: 'Salt Lake, Utah and Davis counties'. */
export const DELIVERY_COUNTIES_TEXT = `${DELIVERY_COUNTIES.slice(0, -1).join(', ')} and ${DELIVERY_COUNTIES.at(-1)} counties`;

export interface SocialLink {
  label: string;
  url: string;
}

export interface SiteContact {
  contactEmail: string;
  phone: string;
  streetAddress: string;
  sisterStudioName: string;
  sisterStudioUrl: string;
  social: SocialLink[];
}

export const DEFAULT_SITE_CONTACT: SiteContact = {
  contactEmail: 'hello@monthlyblooms.example',
  phone: '(801) 555-0142',
  streetAddress: '123 Placeholder Ave, Salt Lake City, UT 84101',
  sisterStudioName: 'Shelby Floral',
  sisterStudioUrl: 'https://shelbyfloral.example',
  social: [
    { label: 'Instagram', url: 'https://instagram.com/monthlyblooms.example' },
    { label: 'Facebook', url: 'https://facebook.com/monthlyblooms.example' },
  ],
};

export function formatPrice(usd: number): string {
  return `$${usd}`;
}

/** "(801) 555-0142" -> "tel:+18015550142" */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+1${digits.slice(-10)}`;
}

/** The notice for skipping or pausing, in the same words everywhere (the server refuses later changes: ACCOUNT_MESSAGES.tooLate). */
export const SKIP_RULE = `Skip or pause a month up to ${SKIP_NOTICE_DAYS} days before its delivery.`;
/** What cancelling does (cancelSubscription keeps only deliveries already paid for or too close to change). */
export const CANCEL_RULE = 'Cancel any time: nothing is charged after your last delivery.';
/** What the account's cancel step shows before it is confirmed, in the same words on the FAQ. */
export const CANCEL_LAST_DELIVERY =
  'Before you confirm, your last delivery is named: one already paid for, or too close to change, still comes.';

/**
 * Skipping and cancelling as the account explains them and the FAQ answers them: one text,
 * so the two never disagree (subscribe-remote's SubscriptionPanel and CancelSection, faq.ts).
 */
export const SKIP_EXPLAINED = SKIP_RULE;
export const CANCEL_EXPLAINED = `${CANCEL_RULE} ${CANCEL_LAST_DELIVERY}`;

/** What a month's arrangement is, as the FAQ and the collections page describe it. */
export const ARRANGEMENT = {
  size: 'A generous table arrangement of 15 to 20 stems, about 14 to 18 inches tall in its vase: enough for a dining table or an entryway.',
  season: 'The flowers are the season’s, chosen at market the week of your delivery, so each month looks different from the last.',
  substitutions:
    'We design from what is at its best that week. When a flower we planned is short or not up to our standard, we use another of the same colour and of equal or greater value; we never send a smaller arrangement instead.',
} as const;

/** How vases go round, as How It Works and the FAQ say it. */
export const VASE_RULE =
  'Your first delivery comes in a vase. Each month we bring the new arrangement in a fresh vase and take last month’s back: no cleaning needed. After your last delivery we come by once more to collect the vase.';

/** What happens when nobody is home on a delivery day. */
export const NOBODY_HOME_RULE =
  'We leave the flowers at your door, out of the sun where we can, and take a photo when we do, so you know they arrived safely.';

/** Flowers that arrive damaged or wilt early. */
export const DAMAGED_RULE =
  'Write to us or call the day you notice, with a photo, and we bring a fresh arrangement at no charge. Cut flowers last longest with fresh water every other day and their stems trimmed.';

/** How a gift works, as the subscribe form asks for it (contract/subscriber.ts: buyerName, buyerEmail, giftMessage; its length and payment: contract/gifts.ts). */
export const GIFT_RULE =
  'Tick “This is a gift” on the subscribe form: enter the recipient’s name and address, your own name and e-mail for the receipts, a message for the card if you like, and how long it lasts: until you cancel it, or 3, 6 or 12 deliveries, paid as each comes or all up front. We do not write to them before their first delivery.';

/** The rule for money, in the words every page and e-mail that mentions billing uses. */
export const MONEY_RULE = `${formatPrice(PRICE_PER_MONTH_USD)} is charged for each month with a delivery; unselected, skipped and paused months are not charged.`;

/** When a month is charged (chargeDateFor in account.ts), in the same words everywhere. */
export const LATER_CHARGES = `Each later delivery is charged ${SKIP_NOTICE_DAYS - 1} days before it, once it can no longer be skipped.`;
export const CHARGE_TIMING = `The first delivery is paid when you subscribe. ${LATER_CHARGES}`;

/** What the account is for, before a link to it ("... go to My subscription"). */
export const ACCOUNT_CHANGES = 'To skip a month, pause, change your months or address, or cancel';

/** How a subscriber signs in to the account, in the same words on every page that says it. */
export const SUBSCRIBER_SIGN_IN = 'You sign in there with a one-time link we e-mail you: no password.';

/** Who takes the card at checkout (the local stack's test checkout stands in for it). */
export const PAYMENT_PROVIDER = 'Stripe';
export const SECURE_CHECKOUT = `Secure checkout by ${PAYMENT_PROVIDER}: your card goes to ${PAYMENT_PROVIDER} over an encrypted connection, and we never see or keep its number.`;

/** The plan in brief, as the plan card on Home and Subscribe shows it. */
export const PLAN_CARD = {
  price: formatPrice(PRICE_PER_MONTH_USD),
  per: 'per delivered month',
  includes: ['A hand-made arrangement of the season’s flowers', 'A vase, swapped for a fresh one each month', 'Hand delivery to your door'],
  billing: [
    {
      plan: 'Yearly',
      text: `Flowers every month: ${formatPrice(PRICE_PER_MONTH_USD)} for each delivery, so 12 a year unless you skip or pause.`,
    },
    {
      plan: 'Custom',
      text: `Only the months you choose: ${formatPrice(PRICE_PER_MONTH_USD)} for each of them, and nothing in the others.`,
    },
  ],
  rules: `${SKIP_RULE} ${CANCEL_RULE}`,
} as const;
