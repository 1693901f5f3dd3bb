import { studioDate } from './delivery-dates';
import { BRAND_NAME } from './site';

/**
 * The footer's copyright line, '© 2027 Monthly Blooms', in the studio's year at that moment.
 * Pages are prerendered when the site is built, so the server writes the year of the moment it
 * serves them (COPYRIGHT_PATTERN finds the built one), and the browser hydrates the same text.
 */
export const copyright = (at: Date): string => `© ${studioDate(at).slice(0, 4)} ${BRAND_NAME}`;
export const COPYRIGHT_PATTERN = new RegExp(`© \\d{4} ${BRAND_NAME}`, 'g');
