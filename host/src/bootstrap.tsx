import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppConfig } from '@blooms/shared/contract/app-config';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { App } from './app/App';
import { requestAppConfig } from './app/app-config-request';
import { registerAppRemotes, startStaffScreenEarly } from './features/remotes/remote-registry';
import { startAuthWhenIdle } from './features/auth/start-auth';
import { reportWebVitalsLazily } from './app/web-vitals';
import { followSubscriberBrowser } from '@blooms/shared/runtime/subscriber-browser';
import '@blooms/shared/styles/base.css';
import './app/app.css';

async function boot(): Promise<void> {
  // The header's Get Started or My account, by whether a subscriber has signed in here (start.js
  // has set it already on a prerendered page; an empty page, a staff page, has no start.js mark yet).
  followSubscriberBrowser();
  const container = document.getElementById('root')!;
  // Public pages arrive prerendered by the server; React takes over that HTML instead of redrawing it.
  const prerendered = container.firstElementChild !== null;
  let config: AppConfig;
  try {
    config = await requestAppConfig();
  } catch (error) {
    console.error('Could not load the site configuration', error);
    // A prerendered page stays readable, and its links still work as plain links.
    if (prerendered) return;
    createRoot(container).render(
      <main className="container page" role="alert">
        <h1>Monthly Blooms is temporarily unavailable</h1>
        <p>We could not reach our server. Please check your connection and reload the page.</p>
      </main>,
    );
    return;
  }
  useAppConfig.getState().setConfig(config);
  registerAppRemotes(config.remotes);
  startStaffScreenEarly(window.location.pathname);
  // As a transition, React renders in slices and lets the browser respond in between.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, <App />);
    else createRoot(container).render(<App />);
  });
  startAuthWhenIdle(window.location.pathname);
  reportWebVitalsLazily();
}

void boot();
