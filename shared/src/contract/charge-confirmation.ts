// Confirming a month's charge the subscriber's bank asked them to authenticate: the page the
// "Please confirm your payment" e-mail links to (served by the backend), and what it says.

/** Where a subscriber confirms a charge; the e-mail's link adds the charge's own token. */
export const CHARGE_CONFIRMATION_PATH = '/payment/confirm';

/** What the page says for each state of the charge. */
export const CHARGE_CONFIRMATION_MESSAGES = {
  waiting: 'Your bank asks you to confirm this payment before it goes through. Until you do, the delivery is on hold.',
  button: 'Confirm the payment with your bank',
  paid: 'Thank you: the payment went through, and the delivery is no longer on hold.',
  processing: 'Your bank is still processing the payment. We hold the delivery until it answers; there is nothing more to do.',
  declined:
    'The payment did not go through. We hold the deliveries and try the card again once a day until the delivery day; you can also use another card from your account.',
  expired: 'This payment can no longer be confirmed: its delivery day has passed, so that delivery was not made and is not charged.',
  notDelivered: 'This payment is no longer needed: that delivery will not be made (the subscription changed since), so it is not charged.',
  unknown: 'This link is not known or has expired. Your account shows where each payment stands.',
  unreachable: 'We could not reach our payment provider just now, and nothing was charged. Please try again in a minute.',
} as const;
