import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import type { PrerenderedHtml, PrerenderedScreen, RemotePrerender } from '../contract/prerender';
import type { DeclaredRoute } from '../contract/routes';
import { ROUTER_FUTURE } from './router-future';
import { ScreenHeadContext, type ScreenHead } from './Screen';

/** React writes resource hints (image preloads) ahead of the markup; they belong in <head>. */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

/**
 * Renders a route to HTML at build time, as the browser will first render it: every store in
 * its initial state (React hydrates against that state, too).
 */
export function prerenderRoute(path: string, element: ReactNode): PrerenderedHtml {
  const html = renderToString(
    <StaticRouter location={path} future={ROUTER_FUTURE}>
      {element}
    </StaticRouter>,
  );
  const head = LEADING_HINTS.exec(html)?.[0] ?? '';
  return { head, body: html.slice(head.length) };
}

export function prerenderScreen(Screen: ComponentType, path: string): PrerenderedScreen {
  let head: ScreenHead | null = null;
  const html = prerenderRoute(
    path,
    <ScreenHeadContext.Provider value={(reported) => (head = reported)}>
      <Screen />
    </ScreenHeadContext.Provider>,
  );
  if (!head) throw new Error(`The screen at ${path} has no <Screen> root, so it sets no title`);
  const { title, description } = head as ScreenHead;
  return { ...html, title, description };
}

/**
 * Run at build time by a remote's src/prerender.tsx (scripts/webpack/prerender-config.cjs):
 * the given screens of the remote, each rendered at the path the remote declares for it
 * (its exposes.cjs).
 */
export function prerenderRemote(
  declared: readonly DeclaredRoute[],
  screens: Record<string, ComponentType>,
  publicPath: string,
): RemotePrerender {
  const routes = declared.filter((route) => route.module in screens);
  return {
    publicPath,
    screens: Object.fromEntries(routes.map((route) => [route.module, prerenderScreen(screens[route.module]!, route.path)])),
  };
}
