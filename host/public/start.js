/* global document, location, history, Element, HTMLFormElement, DOMParser, requestIdleCallback, scrollTo, getComputedStyle, addEventListener, removeEventListener */
// Starts the app (/main.js).
//
// An empty page (the staff screens, a page that is not prerendered) starts it at once.
//
// A prerendered public page reads, and its links, FAQ answers and form fields work, with no
// script at all. Its app (React, the router, the page's remote: about 150 KB, and the longest
// tasks a phone runs on this site) starts at the visitor's first sign of use: a touch, a
// press, a key, the mouse moving, the wheel. A visitor who only reads never pays for it.
// Until the app has taken the page over ("blooms:screen-ready"), which takes seconds on a
// slow phone, this script answers the menu and the carousel itself, and holds any other
// button pressed or form sent, to press or send it once the app has: no press is lost. A
// link to the subscribe form, pressed before the app, shows that page in this document (below).
//
// Where a subscriber has signed in to the account here, the header offers My account instead of
// Get Started: this script marks <html> for the header's CSS before the app (both are in the
// page). On /subscribe?gift=1 (the gift page's button) it ticks the form's gift box, which the
// app takes over as it finds it.
//
// The app starts at once where this browser needs it straight away: staff have signed in here
// (their header is not the visitor's), or this tab kept a subscribe form to fill back in.
// The names below, and the classes and attributes of the page it reads, are
// shared/src/contract/app-start.ts's (PRERENDERED): this file is plain JavaScript, served as
// it is, so it cannot import them. Its tests (host/src/start-script/) build their pages from
// the shared ones, and the browser suite (prerender.spec.ts) uses them, so both fail if they part.
(function () {
  var STAFF_BROWSER_KEY = 'blooms.staff-browser';
  var SAVED_SUBSCRIBE_FORM_KEY = 'blooms.subscribe-form';
  var SUBSCRIBE_PATH = '/subscribe';
  var SCREEN_READY_EVENT = 'blooms:screen-ready';
  var SUBSCRIBER_BROWSER_KEY = 'blooms.subscriber-browser';
  var SUBSCRIBER_BROWSER_ATTRIBUTE = 'data-subscriber-browser';
  var GIFT_PARAM = 'gift=1';
  var GIFT_CHECKBOX = 'input[name="gift"]';
  var INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];

  // A press on a link to another page opens that page (the form's in place, below); starting
  // this page's app then would only compete with it for the network and the processor. The
  // next page starts its own.
  function leavesThePage(event) {
    var link = pressedLink(event);
    return link !== null && link.origin === location.origin && link.pathname !== location.pathname;
  }
  // The link an event happened in, if any.
  function pressedLink(event) {
    return event && event.target instanceof Element ? event.target.closest('a[href]') : null;
  }

  // Focus arriving on the main content is not a sign of use by itself: what moved it there
  // was (the skip link's press or key), or this script did, opening the form in place.
  function focusOnMain(event) {
    return event && event.type === 'focusin' && event.target === document.getElementById('main');
  }

  var started = false;
  function start(event) {
    if (started || leavesThePage(event) || focusOnMain(event)) return;
    started = true;
    INTENT_EVENTS.forEach(function (type) {
      removeEventListener(type, start, true);
    });
    var script = document.createElement('script');
    script.src = '/main.js';
    document.head.appendChild(script);
  }

  function stored(storage, key) {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  }
  function neededAtOnce() {
    if (stored(localStorage, STAFF_BROWSER_KEY) === '1') return true;
    return location.pathname === SUBSCRIBE_PATH && stored(sessionStorage, SAVED_SUBSCRIBE_FORM_KEY) !== null;
  }

  if (stored(localStorage, SUBSCRIBER_BROWSER_KEY) === '1') document.documentElement.setAttribute(SUBSCRIBER_BROWSER_ATTRIBUTE, '');
  if (location.pathname === SUBSCRIBE_PATH && location.search.slice(1).split('&').indexOf(GIFT_PARAM) !== -1) {
    var giftBox = document.querySelector(GIFT_CHECKBOX);
    if (giftBox) giftBox.checked = true;
  }

  var root = document.getElementById('root');
  if (!root || !root.firstElementChild || neededAtOnce()) return start();

  // Get Started leads to the subscribe form. Half a second after this page has loaded (asked
  // for with the page, the fetch shared a slow phone's connection with its first paint), this
  // script fetches that page, and reads it once the browser is idle. A press on a link to it
  // then puts that page in place of this one, in this document, and the address becomes the
  // form's: on a slow phone, making a new document is most of a link's wait (the form showed
  // about 200 ms after the tap through a prefetched navigation, under 100 ms in place;
  // docs/performance.md). Only while the app has not started: once it has, the link is the
  // app's (or, until the app has taken over, the browser's). The app starts from the form's
  // page as if it had loaded it, as the form's own page does.
  var FETCH_AHEAD_AFTER_LOAD_MS = 500;
  // A copy kept longer is not used: the site may have changed since (browsers keep a
  // prefetched page as long).
  var FETCHED_PAGE_LIFETIME_MS = 5 * 60 * 1000;
  var fetchedForm = null;

  function readPage(html) {
    var page = new DOMParser().parseFromString(html, 'text/html');
    var pageRoot = page.getElementById('root');
    var styles = page.querySelector('style[data-prerendered]');
    return pageRoot && pageRoot.firstElementChild && styles ? page : null;
  }
  function whenIdle(work) {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2000 });
    else setTimeout(work, 0);
  }
  function fetchFormAhead() {
    setTimeout(function () {
      fetch(SUBSCRIBE_PATH, { credentials: 'same-origin', headers: { Accept: 'text/html' } })
        .then(function (response) {
          var html = response.ok && (response.headers.get('content-type') || '').indexOf('text/html') === 0;
          return html ? response.text() : null;
        })
        .then(function (html) {
          if (!html) return;
          var fetched = { at: Date.now(), html: html, page: null };
          fetchedForm = fetched;
          whenIdle(function () {
            // Unless a press has already read it (and used it).
            if (fetchedForm === fetched) fetched.page = readPage(html);
          });
        })
        .catch(function () {
          // The link then loads the page as links do.
        });
    }, FETCH_AHEAD_AFTER_LOAD_MS);
  }
  if (location.pathname !== SUBSCRIBE_PATH) {
    if (document.readyState === 'complete') fetchFormAhead();
    else addEventListener('load', fetchFormAhead, { once: true });
  }

  // A plain press (no key held, not to a new tab) on a link to the form, before the app.
  function opensFetchedForm(event) {
    if (started || fetchedForm === null || event.defaultPrevented || event.button !== 0) return false;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
    var link = pressedLink(event);
    if (!link || link.origin !== location.origin || link.pathname !== SUBSCRIBE_PATH || link.search || link.hash) return false;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return false;
    return Date.now() - fetchedForm.at <= FETCHED_PAGE_LIFETIME_MS;
  }
  function openFetchedForm(event) {
    if (!opensFetchedForm(event)) return;
    var page = fetchedForm.page || readPage(fetchedForm.html);
    fetchedForm = null;
    if (!page) return;
    event.preventDefault();
    document.title = page.title;
    var description = document.querySelector('meta[name="description"]');
    var nextDescription = page.querySelector('meta[name="description"]');
    if (description && nextDescription) description.setAttribute('content', nextDescription.getAttribute('content'));
    document.querySelector('style[data-prerendered]').textContent = page.querySelector('style[data-prerendered]').textContent;
    document.getElementById('root').replaceWith(document.adoptNode(page.getElementById('root')));
    history.pushState(null, '', SUBSCRIBE_PATH);
    scrollTo(0, 0);
    // Where a new page's reading starts, for a screen reader and for Tab: its main content.
    var main = document.getElementById('main');
    if (main) main.focus({ preventScroll: true });
    held = null;
    // Back, before the app can show this page's predecessor: the browser loads it.
    addEventListener('popstate', reloadBeforeApp);
    if (neededAtOnce()) start();
  }
  function reloadBeforeApp() {
    location.reload();
  }

  // Controls that answer before the app, here: the menu and the testimonial carousel. Only
  // attributes and scroll positions change (React takes over the page as the server wrote
  // it), and the app starts from them as it takes over (Header.tsx, TestimonialCarousel.tsx).
  // The event stops here, so React, starting meanwhile, cannot answer the same press again.
  // The page behind the open menu does not scroll, locked as the app's menu locks it (Header.tsx),
  // which takes the lock over with the open menu.
  function setMenu(toggle, open) {
    var nav = document.getElementById(toggle.getAttribute('aria-controls'));
    var backdrop = toggle.parentNode.querySelector('.nav-backdrop');
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    if (nav) nav.classList.toggle('is-open', open);
    if (backdrop) backdrop.hidden = !open;
    document.body.style.overflow = open ? 'hidden' : '';
    var first = nav && nav.querySelector('a, button');
    if (open && first) first.focus();
    else toggle.focus();
  }
  function openMenuToggle() {
    var toggle = document.querySelector('.menu-toggle[aria-expanded="true"]');
    return toggle && !handledByApp(toggle) ? toggle : null;
  }
  function scrollCarousel(button) {
    var track = button.closest('.carousel').querySelector('.carousel__track');
    var card = track.firstElementChild;
    var gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({ left: Number(button.getAttribute('data-carousel-step')) * ((card ? card.offsetWidth : 0) + gap), behavior: 'smooth' });
  }
  // The carousel's buttons turn off at either end, as the app's do.
  function carouselScrolled(event) {
    var track = event.target;
    var buttons = track.closest('.carousel').querySelectorAll('[data-carousel-step]');
    Array.prototype.forEach.call(buttons, function (button) {
      if (handledByApp(button)) return;
      var back = Number(button.getAttribute('data-carousel-step')) < 0;
      button.disabled = back ? track.scrollLeft <= 1 : track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    });
  }
  var tracks = document.querySelectorAll('.carousel__track');
  Array.prototype.forEach.call(tracks, function (track) {
    track.addEventListener('scroll', carouselScrolled, { passive: true });
  });

  // The app marks the header, and each screen, once React has taken it over (the header comes
  // before the page's screen): a press inside one is the app's to answer.
  function handledByApp(element) {
    return element.closest('[data-hydrated]') !== null;
  }

  // Held until the app is ready: the last other button pressed, or a form sent, before it was.
  var held = null;
  function onPress(event) {
    var target = event.target instanceof Element ? event.target : null;
    var control = target && target.closest('.menu-toggle, .nav-backdrop, [data-carousel-step], button');
    if (!control || handledByApp(control)) return;
    if (control.matches('.menu-toggle')) {
      event.stopPropagation();
      setMenu(control, control.getAttribute('aria-expanded') !== 'true');
    } else if (control.matches('.nav-backdrop')) {
      event.stopPropagation();
      var toggle = openMenuToggle();
      if (toggle) setMenu(toggle, false);
    } else if (control.matches('[data-carousel-step]')) {
      event.stopPropagation();
      scrollCarousel(control);
    } else if (!(control.type === 'submit' && control.form)) {
      // (A form's submit button sends the form: that is held below.)
      held = function () {
        control.click();
      };
    }
  }
  function onKey(event) {
    var toggle = event.key === 'Escape' && openMenuToggle();
    if (toggle) setMenu(toggle, false);
  }
  // The fields take input from the first paint, and the app keeps what they hold; a form
  // sent before the app can check it is sent once it can.
  function holdSubmit(event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || handledByApp(form)) return;
    event.preventDefault();
    event.stopPropagation();
    var submitter = event.submitter && event.submitter.form === form ? event.submitter : null;
    held = function () {
      if (submitter) form.requestSubmit(submitter);
      else form.requestSubmit();
    };
  }
  function release() {
    removeEventListener('click', onPress, true);
    removeEventListener('keydown', onKey, true);
    removeEventListener('submit', holdSubmit, true);
    removeEventListener('click', openFetchedForm, true);
    removeEventListener('popstate', reloadBeforeApp);
    Array.prototype.forEach.call(tracks, function (track) {
      track.removeEventListener('scroll', carouselScrolled);
    });
    document.removeEventListener(SCREEN_READY_EVENT, release);
    var press = held;
    held = null;
    // After the app's own start-up work, in a task of its own.
    if (press) setTimeout(press, 0);
  }

  INTENT_EVENTS.forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true });
  });
  addEventListener('click', onPress, true);
  addEventListener('click', openFetchedForm, true);
  addEventListener('keydown', onKey, true);
  addEventListener('submit', holdSubmit, true);
  document.addEventListener(SCREEN_READY_EVENT, release);
})();
