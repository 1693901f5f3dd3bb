/** The two screens staff use, as browser context options: a laptop, and a phone held in the hand. */
export const LAPTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
