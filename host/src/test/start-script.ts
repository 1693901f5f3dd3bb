import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM, VirtualConsole, type DOMWindow } from 'jsdom';
import { PRERENDERED, SCREEN_READY_EVENT } from '@blooms/shared/contract/app-start';

/** The page's start-up script as the server sends it. */
const START_JS = readFileSync(path.join(__dirname, '..', '..', 'public', 'start.js'), 'utf8');

export const ORIGIN = 'https://blooms.test';

/** The prerendered header's menu, with the names the header renders (checked in prerender.test.tsx). */
export function headerMarkup({ hydrated = false } = {}): string {
  return `<header class="site-header"${hydrated ? ` ${PRERENDERED.hydrated}=""` : ''}>
    <a href="/">Monthly Blooms</a>
    <button type="button" class="${PRERENDERED.menuToggle}" aria-expanded="false" aria-controls="site-nav" aria-label="Open menu"></button>
    <div class="${PRERENDERED.navBackdrop}" hidden=""></div>
    <nav id="site-nav" aria-label="Main" class="site-nav">
      <ul><li><a class="nav-link" href="/faq">FAQ</a></li></ul>
      <a class="button" href="/subscribe">Get Started</a>
    </nav>
  </header>`;
}

/** A screen with the testimonial carousel (as the marketing remote renders it), a form and a button. */
export function screenMarkup({ hydrated = false } = {}): string {
  return `<main id="${PRERENDERED.mainId}" tabindex="-1"><div class="screen"${hydrated ? ` ${PRERENDERED.hydrated}=""` : ''}>
    <h1>Fresh flowers</h1>
    <a href="/subscribe" class="button">Get Started</a>
    <a href="/faq">FAQ</a>
    <section class="${PRERENDERED.carousel}">
      <button type="button" ${PRERENDERED.carouselStep}="-1" disabled="" aria-label="Previous testimonial">‹</button>
      <button type="button" ${PRERENDERED.carouselStep}="1" aria-label="Next testimonial">›</button>
      <div class="${PRERENDERED.carouselTrack}" tabindex="0"><div>One</div><div>Two</div><div>Three</div></div>
    </section>
    <form aria-label="ZIP check"><input name="zip" aria-label="ZIP"><button type="submit" name="check" value="zip">Check</button></form>
    <button type="button" class="show-more">Show more</button>
  </div></main>`;
}

/** A whole prerendered page, as the server composes it (page-html.ts) around what the apps render. */
export function pageHtml({
  title = 'Home | Monthly Blooms',
  description = 'Flowers every month.',
  css = '.home{color:green}',
  root = headerMarkup() + screenMarkup(),
} = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
    <meta name="description" content="${description}"><style ${PRERENDERED.inlineStyles}>${css}</style>
    <script defer src="/start.js"></script></head><body><div id="${PRERENDERED.rootId}">${root}</div></body></html>`;
}

/** The subscribe form's page as the server sends it. */
export const SUBSCRIBE_PAGE = pageHtml({
  title: 'Subscribe | Monthly Blooms',
  description: 'Start a $99/month subscription.',
  css: '.subscribe-form{color:red}',
  root: headerMarkup() + `<main id="${PRERENDERED.mainId}" tabindex="-1"><div class="screen"><h1>Start your subscription</h1></div></main>`,
});

export interface FetchReply {
  ok?: boolean;
  contentType?: string;
  body?: string;
  fails?: boolean;
}

export interface StartedPage {
  window: DOMWindow;
  document: Document;
  /** Whether the script has added the app's entry to the page. */
  appStarted(): boolean;
  /** Moves the page's clock on, running the timers and idle callbacks due by then. */
  advance(ms: number): Promise<void>;
  /** The addresses fetched. */
  fetched: string[];
  /** What jsdom reports it cannot do (a navigation, a reload): what the browser would then do itself. */
  notImplemented: string[];
  /** Where the script scrolled the window to. */
  scrolledTo: unknown[][];
  /** Each element's scrollBy calls. */
  scrolledBy: { element: Element; options: ScrollToOptions }[];
  /** Dispatches the event the app sends once it has taken the screen over. */
  appTakesOver(): void;
  $<E extends Element = HTMLElement>(selector: string): E;
}

/**
 * A prerendered page in a fresh browser window (jsdom) with start.js run in it, as the browser
 * runs it once the page is parsed. Timers, idle callbacks and fetch are the test's: `advance`
 * moves them; jsdom has no layout, so sizes the script reads are given by each test.
 */
export async function startPage(
  html: string,
  {
    url = `${ORIGIN}/`,
    localStorage = {},
    sessionStorage = {},
    reply = { body: SUBSCRIBE_PAGE },
    loaded = true,
  }: {
    url?: string;
    localStorage?: Record<string, string>;
    sessionStorage?: Record<string, string>;
    reply?: FetchReply;
    /** Whether the page has finished loading before the script runs. */
    loaded?: boolean;
  } = {},
): Promise<StartedPage> {
  const notImplemented: string[] = [];
  const virtualConsole = new VirtualConsole();
  virtualConsole.on('jsdomError', (error) => notImplemented.push(error.message));
  const dom = new JSDOM(html, { url, runScripts: 'outside-only', pretendToBeVisual: true, virtualConsole });
  const window = dom.window;
  for (const [key, value] of Object.entries(localStorage)) window.localStorage.setItem(key, value);
  for (const [key, value] of Object.entries(sessionStorage)) window.sessionStorage.setItem(key, value);
  if (loaded)
    await new Promise<void>((resolve) =>
      window.document.readyState === 'complete' ? resolve() : window.addEventListener('load', () => resolve()),
    );

  let now = 1_000_000;
  const due: { at: number; run: () => void }[] = [];
  const later = (run: () => void, ms = 0) => {
    due.push({ at: now + ms, run });
    return due.length;
  };
  const fetched: string[] = [];
  const scrolledTo: unknown[][] = [];
  const scrolledBy: StartedPage['scrolledBy'] = [];
  Object.assign(window, {
    setTimeout: later,
    requestIdleCallback: (run: () => void) => later(run),
    scrollTo: (...args: unknown[]) => scrolledTo.push(args),
    fetch: async (input: string) => {
      fetched.push(input);
      if (reply.fails) throw new TypeError('Failed to fetch');
      return {
        ok: reply.ok ?? true,
        headers: {
          get: (name: string) => (name.toLowerCase() === 'content-type' ? (reply.contentType ?? 'text/html; charset=utf-8') : null),
        },
        text: async () => reply.body ?? '',
      };
    },
  });
  window.Date.now = () => now;
  window.HTMLElement.prototype.scrollBy = function (this: Element, options?: ScrollToOptions | number) {
    scrolledBy.push({ element: this, options: options as ScrollToOptions });
  } as typeof window.HTMLElement.prototype.scrollBy;

  window.eval(START_JS);

  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const document = window.document;
  return {
    window,
    document,
    appStarted: () => document.querySelector('script[src="/main.js"]') !== null,
    async advance(ms) {
      const until = now + ms;
      await settle();
      for (;;) {
        const next = due.filter((task) => task.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        due.splice(due.indexOf(next), 1);
        now = Math.max(now, next.at);
        next.run();
        await settle();
      }
      now = until;
    },
    fetched,
    notImplemented,
    scrolledTo,
    scrolledBy,
    appTakesOver: () => document.dispatchEvent(new window.Event(SCREEN_READY_EVENT)),
    $: (selector) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`No ${selector} on the page`);
      return element as never;
    },
  };
}
