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
