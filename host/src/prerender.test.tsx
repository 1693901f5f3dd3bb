import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { SCREEN_SLOT } from '@blooms/shared/contract/prerender';
import { LEGACY_REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import { App } from './app/App';
import { prerender, prerenderShell } from './prerender';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

function FaqScreen({ heading = 'Frequently Asked Questions' }: { heading?: string }) {
  return (
    <div className="screen">
      <h1>{heading}</h1>
    </div>
  );
}

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
  async function hydratePrerenderedFaq(clientHeading: string) {
    window.history.pushState({}, '', '/faq');
    const container = document.createElement('div');
    container.innerHTML = prerenderShell('/faq').body.replace(SCREEN_SLOT, renderToString(<FaqScreen />));
    document.body.append(container);
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

  it('reports and repairs a page that does not match what the browser renders', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container, recoverableErrors } = await hydratePrerenderedFaq('Questions, answered');
    expect(recoverableErrors).not.toEqual([]);
    expect(container.querySelector('h1')).toHaveTextContent('Questions, answered');
  });
});
