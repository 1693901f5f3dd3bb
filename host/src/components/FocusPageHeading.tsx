import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** Long enough for a remote to load on a slow phone; after that the page has its own story to tell. */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * After a route change, focus moves to the new page's main heading, so a screen reader starts
 * reading the new page and Tab continues from there. The heading may arrive later than the
 * route (its remote loads on demand), so it is awaited. The first page load is left alone.
 */
export function FocusPageHeading() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      // A screen that already put focus somewhere in itself knows better.
      const active = document.activeElement;
      if (active && active !== main && main.contains(active)) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname]);

  return null;
}
