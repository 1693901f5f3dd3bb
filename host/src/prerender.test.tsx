import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { SCREEN_SLOT } from '@blooms/shared/contract/prerender';
import { LEGACY_REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import { App } from './app/App';
import { prerender, prerenderShell } from './prerender';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Screen } from '@blooms/shared/ui/Screen';
import { MENU_OPEN_BODY_OVERFLOW, PRERENDERED } from '@blooms/shared/contract/app-start';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

function FaqScreen({ heading = 'Frequently Asked Questions' }: { heading?: string }) {
  return (
    <Screen remote="marketing" title="FAQ">
      <h1>{heading}</h1>
      <button type="button">Show more</button>
    </Screen>
  );
}

const START_JS = readFileSync(path.join(__dirname, '..', 'public', 'start.js'), 'utf8');

describe("the host's prerendered shell", () => {
  it('has a shell for every public route and none for staff screens', () => {
    const { shells } = prerender();
    const publicPaths = LEGACY_REMOTE_ROUTES.filter((route) => route.access === 'public').map((route) => route.path);
    expect(Object.keys(shells).sort()).toEqual([...publicPaths].sort());
    expect(shells['/dashboard']).toBeUndefined();
  });

  it("holds the header with the route's link current, the footer, and one slot for the screen", () => {
    const { head, body } = prerenderShell('/faq');
    // The brand fonts (file names are stubbed here, so the three are one), fetched with the page;
    // the logo is in the page (a data: URL), so nothing is fetched for it.
    expect(head).toBe('<link rel="preload" href="test-file-stub" as="font" crossorigin="" type="font/woff2"/>');
    expect(body).toContain('<img src="data:image/svg+xml,test-inline-svg-stub" alt="" width="36" height="36"/>');
    expect(body).toMatch(/<a aria-current="page" class="nav-link is-active" href="\/faq"[^>]*>FAQ<\/a>/);
    expect(body).toContain('<footer class="site-footer">');
    expect(body.split(SCREEN_SLOT)).toHaveLength(2);
    // Inside a completed Suspense boundary, which React keeps until the remote has loaded.
    expect(body).toContain(`<main id="main" tabindex="-1"><!--$-->${SCREEN_SLOT}<!--/$--></main>`);
  });
});

describe('the shell as start.js reads it before the app (PRERENDERED)', () => {
  const page = () => {
    const root = document.createElement('div');
    root.innerHTML = prerenderShell('/').body;
    return root;
  };

  it('has the menu button, closed, naming the menu it opens, with the backdrop beside it, hidden', () => {
    const shell = page();
    const toggle = shell.querySelector(`.${PRERENDERED.menuToggle}`)!;
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-label', 'Open menu');
    const menu = shell.querySelector(`#${toggle.getAttribute('aria-controls')}`)!;
    expect(menu.tagName).toBe('NAV');
    expect(menu).not.toHaveClass(PRERENDERED.navOpen);
    expect(menu.querySelector('a, button')).toHaveAttribute('href', '/');
    expect(toggle.parentElement!.querySelector(`.${PRERENDERED.navBackdrop}`)).toHaveAttribute('hidden');
  });

  it('has the main content start.js focuses, and nothing marked as the app’s', () => {
    const shell = page();
    expect(shell.querySelector(`#${PRERENDERED.mainId}`)).toHaveAttribute('tabindex', '-1');
    expect(shell.querySelector(`[${PRERENDERED.hydrated}]`)).toBeNull();
  });
});

describe('hydrating a prerendered page', () => {
  let root: Root | undefined;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    act(() => root?.unmount());
    document.body.innerHTML = '';
  });

  /** The page as the server composes it: the shell with the remote's screen in its slot. */
  async function hydratePrerenderedFaq(clientHeading: string, beforeTheApp: (page: HTMLElement) => void = () => undefined) {
    window.history.pushState({}, '', '/faq');
    const container = document.createElement('div');
    container.id = PRERENDERED.rootId;
    container.innerHTML = prerenderShell('/faq').body.replace(SCREEN_SLOT, renderToString(<FaqScreen />));
    document.body.append(container);
    beforeTheApp(container);
    const serverHeading = container.querySelector('h1');
    jest.mocked(loadRemote).mockResolvedValue({ default: () => <FaqScreen heading={clientHeading} /> });
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <App />, { onRecoverableError: (error) => recoverableErrors.push(error) });
    });
    await act(async () => {}); // the remote's screen resolves and hydrates
    return { container, serverHeading, recoverableErrors };
  }

  it("takes over the server's HTML as it is, remote screen included", async () => {
    const { container, serverHeading, recoverableErrors } = await hydratePrerenderedFaq('Frequently Asked Questions');
    expect(recoverableErrors).toEqual([]);
    expect(loadRemote).toHaveBeenCalledWith('marketing/Faq');
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  it('marks the header and the screen as the app’s once React has them, and only then', async () => {
    let before: Element[] = [];
    const { container } = await hydratePrerenderedFaq('Frequently Asked Questions', (page) => {
      before = Array.from(page.querySelectorAll(`[${PRERENDERED.hydrated}]`));
    });
    expect(before).toEqual([]);
    expect(Array.from(container.querySelectorAll(`[${PRERENDERED.hydrated}]`)).map((element) => element.className)).toEqual([
      'site-header',
      'screen',
    ]);
  });

  it('keeps a menu start.js opened before the app open, the page still locked, and closes and unlocks it at its first press', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    window.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    const toggle = () => document.querySelector<HTMLButtonElement>(`.${PRERENDERED.menuToggle}`)!;
    await hydratePrerenderedFaq('Frequently Asked Questions', () => {
      new Function(START_JS)();
      toggle().click();
      expect(toggle()).toHaveAttribute('aria-expanded', 'true');
      expect(document.body.style.overflow).toBe(MENU_OPEN_BODY_OVERFLOW);
    });
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('#site-nav')).toHaveClass(PRERENDERED.navOpen);
    expect(document.body.style.overflow).toBe(MENU_OPEN_BODY_OVERFLOW);
    act(() => toggle().click());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector(`.${PRERENDERED.navBackdrop}`)).toHaveAttribute('hidden');
    expect(document.body.style.overflow).toBe('');
  });

  it('reports and repairs a page that does not match what the browser renders', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, recoverableErrors } = await hydratePrerenderedFaq('Questions, answered');
    expect(recoverableErrors).not.toEqual([]);
    expect(container.querySelector('h1')).toHaveTextContent('Questions, answered');
  });
});
