/** @jest-environment node */
import {
  MENU_OPEN_BODY_OVERFLOW,
  PRERENDERED,
  SAVED_SUBSCRIBE_FORM_KEY,
  STAFF_BROWSER_KEY,
  SUBSCRIBER_BROWSER_KEY,
} from '@blooms/shared/contract/app-start';
import { SUBSCRIBE_AS_GIFT_PATH } from '@blooms/shared/contract/routes';
import '@testing-library/jest-dom';
import { headerMarkup, ORIGIN, pageHtml, screenMarkup, startPage, type StartedPage } from './test/start-script';

// host/public/start.js, run in a fresh window per test on pages built from the names the apps
// render (PRERENDERED): what a visitor gets from a prerendered page before its app has taken it over.

const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];

function dispatch(page: StartedPage, target: EventTarget, type: string, init: MouseEventInit & KeyboardEventInit = {}) {
  const event =
    type === 'click'
      ? new page.window.MouseEvent(type, { bubbles: true, cancelable: true, button: 0, ...init })
      : type === 'keydown'
        ? new page.window.KeyboardEvent(type, { bubbles: true, cancelable: true, ...init })
        : new page.window.Event(type, { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

/** What the page's own (React's) listeners on the root receive: what start.js let through. */
function pageListener(page: StartedPage, type = 'click') {
  const heard: EventTarget[] = [];
  page.$(`#${PRERENDERED.rootId}`).addEventListener(type, (event) => heard.push(event.target!));
  return heard;
}

const toggle = (page: StartedPage) => page.$<HTMLButtonElement>(`.${PRERENDERED.menuToggle}`);
const nav = (page: StartedPage) => page.$('#site-nav');
const backdrop = (page: StartedPage) => page.$(`.${PRERENDERED.navBackdrop}`);
const step = (page: StartedPage, by: 1 | -1) => page.$<HTMLButtonElement>(`[${PRERENDERED.carouselStep}="${by}"]`);
const getStarted = (page: StartedPage) => page.$<HTMLAnchorElement>('main a[href="/subscribe"]');

describe('before the app: who the header is for, and the gift box', () => {
  it('marks the page for the header’s account button in a browser where a subscriber has signed in, and not otherwise, without starting the app', async () => {
    const subscriber = await startPage(pageHtml(), { localStorage: { [SUBSCRIBER_BROWSER_KEY]: '1' } });
    expect(subscriber.document.documentElement).toHaveAttribute(PRERENDERED.subscriberBrowser);
    expect(subscriber.appStarted()).toBe(false);
    const visitor = await startPage(pageHtml());
    expect(visitor.document.documentElement).not.toHaveAttribute(PRERENDERED.subscriberBrowser);
  });

  const giftForm = pageHtml({
    root: `${headerMarkup()}<main id="${PRERENDERED.mainId}" tabindex="-1"><form class="subscribe-form"><input type="checkbox" name="gift"></form></main>`,
  });
  it('ticks the subscribe form’s gift box on the gift page’s address, and only there', async () => {
    const asGift = await startPage(giftForm, { url: `${ORIGIN}${SUBSCRIBE_AS_GIFT_PATH}` });
    expect(asGift.$<HTMLInputElement>(PRERENDERED.giftCheckbox).checked).toBe(true);
    const plain = await startPage(giftForm, { url: `${ORIGIN}/subscribe` });
    expect(plain.$<HTMLInputElement>(PRERENDERED.giftCheckbox).checked).toBe(false);
    const elsewhere = await startPage(giftForm, { url: `${ORIGIN}/faq?gift=1` });
    expect(elsewhere.$<HTMLInputElement>(PRERENDERED.giftCheckbox).checked).toBe(false);
  });
});

describe('starting the app', () => {
  it('starts it at once on a page with nothing prerendered', async () => {
    const page = await startPage(pageHtml({ root: '' }));
    expect(page.appStarted()).toBe(true);
  });

  it.each(INTENT)('on a prerendered page, starts it at the first sign of use (%s), not before, and once', async (type) => {
    const page = await startPage(pageHtml());
    await page.advance(60_000);
    expect(page.appStarted()).toBe(false);
    dispatch(page, page.$('h1'), type);
    dispatch(page, page.$('h1'), 'pointerdown');
    expect(page.document.querySelectorAll('script[src="/main.js"]')).toHaveLength(1);
  });

  it('starts nothing for a press on a link to another page (that page starts its own), but does for a link to this one', async () => {
    const page = await startPage(pageHtml());
    dispatch(page, page.$('main a[href="/faq"]'), 'pointerdown');
    expect(page.appStarted()).toBe(false);
    dispatch(page, page.$('a[href="/"]'), 'pointerdown');
    expect(page.appStarted()).toBe(true);
  });

  it('takes focus arriving on the main content as no sign of use (a skip link or the script moved it); focus on a field as one', async () => {
    const page = await startPage(pageHtml());
    page.$('main').focus();
    expect(page.appStarted()).toBe(false);
    page.$('input').focus();
    expect(page.appStarted()).toBe(true);
  });

  it('starts it at once in a browser where staff have signed in', async () => {
    const page = await startPage(pageHtml(), { localStorage: { [STAFF_BROWSER_KEY]: '1' } });
    expect(page.appStarted()).toBe(true);
  });

  it('starts it at once on the subscribe form when this tab kept a form to fill back in, and only there', async () => {
    const kept = { [SAVED_SUBSCRIBE_FORM_KEY]: '{"firstName":"Anna"}' };
    expect((await startPage(pageHtml(), { url: `${ORIGIN}/subscribe`, sessionStorage: kept })).appStarted()).toBe(true);
    expect((await startPage(pageHtml(), { url: `${ORIGIN}/subscribe` })).appStarted()).toBe(false);
    expect((await startPage(pageHtml(), { sessionStorage: kept })).appStarted()).toBe(false);
  });
});

describe('the menu before the app', () => {
  it('opens: expanded, labelled to close, shown with its backdrop, focus on its first link, and the page behind it locked from scrolling', async () => {
    const page = await startPage(pageHtml());
    const heard = pageListener(page);
    toggle(page).click();
    expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    expect(toggle(page)).toHaveAttribute('aria-label', 'Close menu');
    expect(nav(page)).toHaveClass(PRERENDERED.navOpen);
    expect(backdrop(page).hidden).toBe(false);
    expect(page.document.activeElement).toBe(page.$('#site-nav a'));
    expect(page.document.body.style.overflow).toBe(MENU_OPEN_BODY_OVERFLOW);
    // Answered here only: the app, starting meanwhile, cannot answer the same press again.
    expect(heard).toEqual([]);
  });

  it.each([
    ['its button', (page: StartedPage) => toggle(page).click()],
    ['the backdrop', (page: StartedPage) => backdrop(page).click()],
    ['Escape', (page: StartedPage) => dispatch(page, page.document.activeElement!, 'keydown', { key: 'Escape' })],
  ])('closes by %s: collapsed, hidden, the page scrolls again, focus back on the button', async (_, close) => {
    const page = await startPage(pageHtml());
    toggle(page).click();
    close(page);
    expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    expect(toggle(page)).toHaveAttribute('aria-label', 'Open menu');
    expect(nav(page)).not.toHaveClass(PRERENDERED.navOpen);
    expect(backdrop(page).hidden).toBe(true);
    expect(page.document.body.style.overflow).toBe('');
    expect(page.document.activeElement).toBe(toggle(page));
  });

  it('leaves the menu to the app once the app has taken the header over', async () => {
    const page = await startPage(pageHtml({ root: headerMarkup({ hydrated: true }) + screenMarkup() }));
    const heard = pageListener(page);
    toggle(page).click();
    expect(heard).toHaveLength(1);
    expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    expect(page.document.body.style.overflow).toBe('');
    // An open menu the app has is closed by the app, Escape included.
    toggle(page).setAttribute('aria-expanded', 'true');
    dispatch(page, page.document.body, 'keydown', { key: 'Escape' });
    expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('the carousel before the app', () => {
  /** The layout jsdom lacks: cards 300 px wide, 32 px apart, in a 340 px window on 1,000 px of cards. */
  function laidOut(page: StartedPage, scrollLeft: number) {
    const track = page.$(`.${PRERENDERED.carouselTrack}`);
    track.style.columnGap = '32px';
    Object.defineProperty(track.firstElementChild, 'offsetWidth', { value: 300 });
    Object.defineProperties(track, { scrollLeft: { value: scrollLeft }, clientWidth: { value: 340 }, scrollWidth: { value: 1000 } });
    return track;
  }

  it('scrolls by one card and the gap, each way, smoothly, and the press goes no further', async () => {
    const page = await startPage(pageHtml());
    const track = laidOut(page, 0);
    const heard = pageListener(page);
    step(page, 1).click();
    step(page, -1).removeAttribute('disabled');
    step(page, -1).click();
    expect(page.scrolledBy).toEqual([
      { element: track, options: { left: 332, behavior: 'smooth' } },
      { element: track, options: { left: -332, behavior: 'smooth' } },
    ]);
    expect(heard).toEqual([]);
  });

  it.each([
    [0, { back: true, next: false }],
    [330, { back: false, next: false }],
    [660, { back: false, next: true }],
  ])('turns its buttons off at either end as it scrolls (at %i px)', async (scrollLeft, disabled) => {
    const page = await startPage(pageHtml());
    step(page, -1).disabled = !disabled.back;
    step(page, 1).disabled = !disabled.next;
    dispatch(page, laidOut(page, scrollLeft), 'scroll');
    expect({ back: step(page, -1).disabled, next: step(page, 1).disabled }).toEqual(disabled);
  });

  it('leaves the carousel to the app once the app has taken the screen over', async () => {
    const page = await startPage(pageHtml({ root: headerMarkup() + screenMarkup({ hydrated: true }) }));
    laidOut(page, 660);
    const heard = pageListener(page);
    step(page, 1).click();
    dispatch(page, page.$(`.${PRERENDERED.carouselTrack}`), 'scroll');
    expect(page.scrolledBy).toEqual([]);
    expect(heard).toHaveLength(1);
    expect(step(page, 1).disabled).toBe(false);
  });
});

describe('presses and sends before the app', () => {
  it('presses a button pressed before the app again once the app has taken over, once, in a task after its own start-up', async () => {
    const page = await startPage(pageHtml());
    page.$('.show-more').click();
    const pressed = pageListener(page);
    page.appTakesOver();
    expect(pressed).toEqual([]);
    await page.advance(0);
    expect(pressed).toEqual([page.$('.show-more')]);
    await page.advance(10_000);
    expect(pressed).toHaveLength(1);
  });

  it('holds a form sent before the app (the browser does not send it) and sends it, with the same button, once the app can check it', async () => {
    const page = await startPage(pageHtml());
    const sent: (HTMLElement | null)[] = [];
    page.$('form').addEventListener('submit', (event) => {
      sent.push((event as SubmitEvent).submitter);
      event.preventDefault();
    });
    page.$('input').setAttribute('value', '84111');
    page.$('form button').click();
    expect(sent).toEqual([]);
    expect(page.notImplemented).toEqual([]);
    page.appTakesOver();
    await page.advance(0);
    expect(sent).toEqual([page.$('form button')]);
  });

  it('keeps only the last press or send', async () => {
    const page = await startPage(pageHtml());
    page.$('.show-more').click();
    page.$<HTMLFormElement>('form').requestSubmit();
    page.$('form').addEventListener('submit', (event) => event.preventDefault());
    const pressed = pageListener(page);
    const sent = pageListener(page, 'submit');
    page.appTakesOver();
    await page.advance(0);
    expect(sent).toHaveLength(1);
    expect(pressed).toEqual([]);
  });

  it('holds nothing inside a screen the app already has, and nothing at all once it has taken over', async () => {
    const hydrated = await startPage(pageHtml({ root: headerMarkup() + screenMarkup({ hydrated: true }) }));
    hydrated.$('.show-more').click();
    const pressed = pageListener(hydrated);
    hydrated.appTakesOver();
    await hydrated.advance(0);
    expect(pressed).toEqual([]);

    const page = await startPage(pageHtml());
    page.appTakesOver();
    const heard = pageListener(page);
    toggle(page).click();
    page.$('.show-more').click();
    await page.advance(0);
    expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    expect(heard).toHaveLength(2);
  });
});

describe('the subscribe form fetched ahead', () => {
  /** The home page half a second after it has loaded: the form fetched and read. */
  async function homeWithTheForm(options: Parameters<typeof startPage>[1] = {}) {
    const page = await startPage(pageHtml(), options);
    await page.advance(500);
    return page;
  }

  it('is fetched half a second after the page has loaded, and not by the form itself', async () => {
    const page = await startPage(pageHtml(), { loaded: false });
    await new Promise<void>((resolve) => page.window.addEventListener('load', () => resolve()));
    await page.advance(499);
    expect(page.fetched).toEqual([]);
    await page.advance(1);
    expect(page.fetched).toEqual(['/subscribe']);

    const form = await startPage(pageHtml(), { url: `${ORIGIN}/subscribe` });
    await form.advance(10_000);
    expect(form.fetched).toEqual([]);
  });

  it('Get Started, before the app, puts that page in place in this document: its title, description, styles and content, its address, at its top, focus on its main content', async () => {
    const page = await homeWithTheForm();
    const home = page.document;
    const press = dispatch(page, getStarted(page), 'click');
    expect(press.defaultPrevented).toBe(true);
    expect(page.document).toBe(home);
    expect(page.document.title).toBe('Subscribe | Monthly Blooms');
    expect(page.$('meta[name="description"]')).toHaveAttribute('content', 'Start a $99/month subscription.');
    expect(page.$(`style[${PRERENDERED.inlineStyles}]`).textContent).toBe('.subscribe-form{color:red}');
    expect(page.$('h1')).toHaveTextContent('Start your subscription');
    expect(page.document.querySelectorAll(`#${PRERENDERED.rootId}`)).toHaveLength(1);
    expect(page.window.location.pathname).toBe('/subscribe');
    expect(page.scrolledTo).toEqual([[0, 0]]);
    expect(page.document.activeElement).toBe(page.$(`#${PRERENDERED.mainId}`));
    // The tap started no app: the visitor's next move on the form does.
    expect(page.appStarted()).toBe(false);
    expect(page.notImplemented).toEqual([]);
    dispatch(page, page.$('h1'), 'pointerdown');
    expect(page.appStarted()).toBe(true);
  });

  it('Back from the form put in place before the app loads the page before it again', async () => {
    const page = await homeWithTheForm();
    getStarted(page).click();
    expect(page.notImplemented).toEqual([]);
    page.window.history.back();
    await page.advance(0);
    expect(page.notImplemented.join()).toMatch(/navigation/);
  });

  it('starts the app at once with the form put in place when this tab kept a form to fill back in', async () => {
    const page = await homeWithTheForm({ sessionStorage: { [SAVED_SUBSCRIBE_FORM_KEY]: '{}' } });
    getStarted(page).click();
    expect(page.window.location.pathname).toBe('/subscribe');
    expect(page.appStarted()).toBe(true);
  });

  it('forgets a press held on the page it replaced', async () => {
    const page = await homeWithTheForm();
    const replaced = page.$('.show-more');
    replaced.click();
    getStarted(page).click();
    const pressed: Event[] = [];
    replaced.addEventListener('click', (event) => pressed.push(event));
    page.appTakesOver();
    await page.advance(0);
    expect(pressed).toHaveLength(0);
  });

  it.each<[string, Parameters<typeof startPage>[1], (page: StartedPage, link: HTMLAnchorElement) => Promise<Event>]>([
    ['pressed with Shift (a new window)', {}, async (page, link) => dispatch(page, link, 'click', { shiftKey: true })],
    ['pressed with Ctrl (a new tab)', {}, async (page, link) => dispatch(page, link, 'click', { ctrlKey: true })],
    ['pressed with the middle button', {}, async (page, link) => dispatch(page, link, 'click', { button: 1 })],
    [
      'opening in another window',
      {},
      async (page, link) => {
        link.target = '_blank';
        return dispatch(page, link, 'click');
      },
    ],
    [
      'to another address of the form',
      {},
      async (page, link) => {
        link.href = '/subscribe?plan=yearly';
        return dispatch(page, link, 'click');
      },
    ],
    ['when the fetch failed', { reply: { fails: true } }, async (page, link) => dispatch(page, link, 'click')],
    ['when the server refused it', { reply: { ok: false, body: 'down' } }, async (page, link) => dispatch(page, link, 'click')],
    [
      'when the reply is not a page',
      { reply: { contentType: 'application/json', body: '{}' } },
      async (page, link) => dispatch(page, link, 'click'),
    ],
    [
      'when the reply is a page with nothing prerendered',
      { reply: { body: pageHtml({ root: '' }) } },
      async (page, link) => dispatch(page, link, 'click'),
    ],
    [
      'when the copy is over five minutes old',
      {},
      async (page, link) => {
        await page.advance(5 * 60 * 1000 + 1);
        return dispatch(page, link, 'click');
      },
    ],
    [
      'once the app has started',
      {},
      async (page, link) => {
        dispatch(page, page.$('h1'), 'keydown');
        return dispatch(page, link, 'click');
      },
    ],
  ])('Get Started is an ordinary link %s', async (_, options, press) => {
    const page = await homeWithTheForm(options);
    const link = getStarted(page);
    const event = await press(page, link);
    expect(event.defaultPrevented).toBe(false);
    expect(page.window.location.pathname).toBe('/');
    expect(page.$('h1')).toHaveTextContent('Fresh flowers');
    expect(link.isConnected).toBe(true);
  });
});
