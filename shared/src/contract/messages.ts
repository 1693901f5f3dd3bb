// User-facing texts that both the browser and the server depend on (spec sections 6 and 8).

export const MESSAGES = {
  notAuthorized: "You're not authorized to access this app. Please contact the admin.",
  loginFailed: 'Something went wrong during login.',
  signInRequired: 'Please sign in to continue.',
  noUserRecord: 'This account has no Monthly Blooms user record.',
  adminOnly: 'Only admins can do this.',
} as const;

/** Error code of a 403 for a signed-in person without a user record (removed, or never added). */
export const NO_USER_RECORD = 'no-user-record';

/** Texts of spec sections 5 and 8, exactly. */
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
  missingSessionId: 'Missing session ID in URL.',
  notPaid: 'Payment not completed. Please try again.',
  verifyFailed: 'Error verifying payment. Please check your email for confirmation or contact support.',
  checkoutCancelled: 'Checkout cancelled: nothing was charged. Your details are still here.',
  giftBuyerName: 'Please enter your name for the gift.',
  giftBuyerEmail: 'Please enter a valid email address for your gift receipt.',
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
