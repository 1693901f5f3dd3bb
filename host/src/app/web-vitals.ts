import { WEB_VITALS_PATH } from '@blooms/shared/contract/app-config';

/**
 * The page this document was loaded as. Its figures (paints, shifts, the longest interaction)
 * are the document's, wherever the visitor has moved to within it since: the app's routes, or
 * the subscribe form a public page put in its own place (host/public/start.js).
 */
function landingPath(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation ? new URL(navigation.name).pathname : location.pathname;
}

/** Loads web-vitals only after the page has loaded, and beacons each metric to the backend, with the page it measures. */
export function reportWebVitalsLazily(): void {
  const load = () => {
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onCLS, onINP, onLCP, onFCP, onTTFB }) => {
      const send = (metric: { name: string; value: number; rating: string }) => {
        const body = JSON.stringify({ name: metric.name, value: metric.value, rating: metric.rating, path: landingPath() });
        navigator.sendBeacon?.(WEB_VITALS_PATH, new Blob([body], { type: 'application/json' }));
      };
      for (const on of [onCLS, onINP, onLCP, onFCP, onTTFB]) on(send);
    });
  };
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}
