import { PRERENDERED } from '../contract/app-start';

/**
 * A ref for the root of a part of the page React renders (the header, a screen): marks it once
 * React has it, so the page's start-up script (host/public/start.js) leaves presses in it to the app.
 */
export function markHydrated(element: HTMLElement | null): void {
  element?.setAttribute(PRERENDERED.hydrated, '');
}
