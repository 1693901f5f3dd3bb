// User-facing texts that both the browser and the server depend on (sign-in refusals, form and checkout errors),
// kept here so both say the same words and tests compare against one copy.
import { SKIP_NOTICE_DAYS } from './site';

export const MESSAGES = {
  notAuthorized: "You're not authorized to access this app. Please contact the admin.",
  loginFailed: 'Something went wrong during login.',
  signInRequired: 'Please sign in to continue.',
  noUserRecord: 'This account has no Monthly Blooms user record.',
  adminOnly: 'Only admins can do this.',
  /** A reply the page cannot read: the API is of another release than the page (docs/releases.md). */
  pageUpdated: 'This page was updated. Reload to get the latest version.',
} as const;

/** Error code of a 403 for a signed-in person without a user record (removed, or never added). */
export const NO_USER_RECORD = 'no-user-record';

/** The subscribe form's and checkout's texts, word for word: the form, the server and the tests all use these. */
export const SUBSCRIBE_MESSAGES = {
  outOfArea: "We don't currently deliver to your area. Please try a different ZIP code.",
  missingField: (field: string) => `Please fill in all required fields. Missing: ${field}`,
  invalidEmail: 'Please enter a valid email address.',
  invalidPhone: 'Please enter a valid 10-digit phone number.',
  invalidZip: 'Please enter a valid 5-digit ZIP code.',
  noMonths: 'Please select at least one month for your custom plan.',
  notUtah: 'We only deliver to addresses in Utah. Please select a Utah address.',
  processing: 'Processing your subscription...',
  noCheckoutUrl: 'No checkout URL received from Stripe',
  checkoutFailed: (message?: string) => `Error: ${message || 'Unknown error'}`,
  paymentsUnreachable: 'We could not reach our payment provider just now, and nothing was charged. Please try again in a minute.',
  missingSessionId: 'Missing session ID in URL.',
  notPaid: 'Payment not completed. Please try again.',
  verifyFailed: 'Error verifying payment. Please check your email for confirmation or contact support.',
  checkoutCancelled: 'Checkout cancelled: nothing was charged. Your details are still here.',
  giftBuyerName: 'Please enter your name for the gift.',
  giftBuyerEmail: 'Please enter a valid email address for your gift receipt.',
  giftDeliveries: 'A gift is ongoing (0) or lasts 3, 6 or 12 deliveries.',
  giftPayment: "A gift is paid 'per-delivery' or 'prepaid'.",
  giftTermsWithoutGift: 'Only a gift has a number of deliveries or is paid up front.',
  prepaidNeedsLength: 'Choose 3, 6 or 12 deliveries to pay for a gift up front.',
} as const;

/**
 * Under a subscribe form field left empty. The popup names only the first missing field, in the
 * spec's words (SUBSCRIBE_MESSAGES.missingField); the form marks every one, in these.
 */
export const MISSING_FIELD_MESSAGES = {
  firstName: 'Please enter a first name.',
  lastName: 'Please enter a last name.',
  email: 'Please enter an email address.',
  phone: 'Please enter a phone number.',
  address: 'Please enter a street address.',
  city: 'Please enter a city.',
  state: 'We only deliver in Utah: the state is UT.',
  zip: 'Please enter a ZIP code.',
} as const;

export const ZIP_MESSAGES = {
  empty: 'Enter your ZIP code to check delivery availability',
  invalid: 'Enter a valid 5-digit ZIP code',
  inArea: 'Great! We deliver to your area ✓',
  outOfArea: "Sorry, we don't currently deliver to this area",
} as const;

export const DELIVERY_DATE_MESSAGES = {
  notADate: 'date must be a calendar day as YYYY-MM-DD, or null for the usual day.',
  outsideMonth: (month: string) => `The delivery day for ${month} must be a day in ${month}.`,
  inThePast: (when: string) => `${when} has already passed: choose today or a later day.`,
  monthDone: (month: string, when: string) => `${month}'s deliveries went out on ${when}: that day can no longer change.`,
} as const;

/** How far ahead an account shows and accepts changes. */
export const ACCOUNT_MONTHS_AHEAD = 12;

/** What a subscriber's account says when a change cannot be made (each one also changes nothing). */
export const ACCOUNT_MESSAGES = {
  tooLate: (month: string, lastDay: string) =>
    `${month} can no longer be changed: changes were due by the end of ${lastDay}, ${SKIP_NOTICE_DAYS} days before its delivery.`,
  notInPlan: (month: string) => `${month} is not one of your delivery months.`,
  alreadyDelivered: (month: string) => `${month}'s flowers have already gone out.`,
  tooFarAhead: (month: string) => `${month} is more than a year away: choose a month within the next ${ACCOUNT_MONTHS_AHEAD} months.`,
  notSkipped: (month: string) => `${month} is not skipped.`,
  yearlyMonths: 'A Yearly plan delivers every month, so it has no months to choose.',
  cancelled: 'This subscription is cancelled, so it can no longer be changed.',
  giftComplete: 'This gift has made all its deliveries and has ended, so it can no longer be changed.',
  prepaidGiftCancel: 'This gift was paid up front: to cancel it, please contact the florist, who will refund the deliveries not made.',
  notYours: 'None of your subscriptions has that id.',
  pauseLength: 'A pause is 1, 2 or 3 months.',
  notPaused: 'This subscription is not paused.',
  noCard: 'No card is saved for this subscription. Contact us to set one up.',
  noCardPage: 'Cards are not kept with the test checkout, so there is no card to update.',
  needsVerifiedEmail: 'Open the sign-in link we e-mailed you to see your subscriptions.',
  signInLinkSent: 'If that address has a Monthly Blooms subscription, a sign-in link is on its way. It works for one hour.',
  tooManySignInLinks:
    'Several sign-in links were asked for this address in the last hour. Please use the newest one in your e-mail, or try again later.',
  /** The sign-in page once a link is asked for; the address is shown masked ("j...@example.com"). */
  checkInbox: (maskedEmail: string) =>
    `Check your inbox at ${maskedEmail}. If that address has a Monthly Blooms subscription, a sign-in link is on its way: it can take a minute to arrive, and it works for one hour.`,
} as const;

/** What the account says, next to the change, once a change is made (each one is also e-mailed). */
export const ACCOUNT_DONE = {
  skipped: (month: string, day: string) =>
    `You skipped ${month}: no delivery on ${day}, and nothing is charged for it. We e-mailed you the change.`,
  back: (month: string, day: string) => `${month} is back on: flowers on ${day}. We e-mailed you the change.`,
  paused: (from: string, until: string) =>
    `Your deliveries are paused from ${from} to ${until}: nothing is delivered or charged in those months. We e-mailed you the change.`,
  resumed: 'Your deliveries are back on, as your plan says. We e-mailed you the change.',
  months: 'Your months are saved. We e-mailed you the change.',
  address: 'Your address is saved. We e-mailed you the change.',
  /** Undone: what it now is shows on the card (a payment handed on to a later month stays there). */
  undone: 'Undone. We e-mailed you the change.',
} as const;
