import { WEB_VITALS_PATH } from '@blooms/shared/contract/app-config';

/** Loads web-vitals only after the page has loaded, and beacons each metric to the backend. */
export function reportWebVitalsLazily(): void {
  const load = () => {
    void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onCLS, onINP, onLCP, onFCP, onTTFB }) => {
      const send = (metric: { name: string; value: number; rating: string }) => {
        const body = JSON.stringify({ name: metric.name, value: metric.value, rating: metric.rating, path: location.pathname });
        navigator.sendBeacon?.(WEB_VITALS_PATH, new Blob([body], { type: 'application/json' }));
      };
      for (const on of [onCLS, onINP, onLCP, onFCP, onTTFB]) on(send);
    });
  };
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}
