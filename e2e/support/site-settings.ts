/**
 * Contact details the browser suite's stack runs with, none of them the built-in defaults: the
 * pages are prerendered with the defaults and the server puts these in, so every hydration
 * check also checks that React takes them over as sent.
 */
export const SITE_SETTINGS = {
  CONTACT_EMAIL: 'studio@blooms-e2e.example',
  CONTACT_PHONE: '(801) 555-0123',
  // The studio's ZIP (where routes start) stays the default's.
  STREET_ADDRESS: '455 Harvest Lane, Salt Lake City, UT 84101',
  SOCIAL_INSTAGRAM_URL: 'https://instagram.com/blooms-e2e.example',
} as const;
