/* global document, location, Element, requestAnimationFrame, addEventListener, removeEventListener */
// Starts the app (/main.js).
//
// An empty page (the staff screens, a page that is not prerendered) starts it at once.
//
// A prerendered public page reads, and its links and FAQ answers work, with no script at
// all. Its app (React, the router, the page's remote: about 150 KB, and the longest tasks a
// phone runs on this site) starts at the visitor's first sign of use: a touch, a press, a
// key, the mouse moving, the wheel. A visitor who only reads never pays for it. A button or
// form field pressed before the app has taken the page over is held, and pressed or focused
// once it has ("blooms:screen-ready"), so no press is lost.
//
// The app starts at once where this browser needs it straight away: staff have signed in here
// (their header is not the visitor's), or this tab kept a subscribe form to fill back in.
// These names are shared/src/contract/app-start.ts's: this file is plain JavaScript, served
// as it is, so it cannot import them. The browser suite (prerender.spec.ts) uses the shared
// ones, so it fails if they part.
(function () {
  var STAFF_BROWSER_KEY = 'blooms.staff-browser';
  var SAVED_SUBSCRIBE_FORM_KEY = 'blooms.subscribe-form';
  var SUBSCRIBE_PATH = '/subscribe';
  var SCREEN_READY_EVENT = 'blooms:screen-ready';
  var INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];

  var started = false;
  function start() {
    if (started) return;
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

  var root = document.getElementById('root');
  if (!root || !root.firstElementChild || neededAtOnce()) return start();

  // Held until the app is ready: the last button or form field pressed before it was.
  var held = null;
  // React keeps an element's handlers on it under a "__reactProps" key: the header is taken
  // over before the page's screen, and a press React already handles is not held.
  function handledByApp(element) {
    return Object.keys(element).some(function (key) {
      return key.indexOf('__reactProps') === 0;
    });
  }
  function holdPress(event) {
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || handledByApp(button)) return;
    held = function () {
      button.click();
    };
  }
  // Form fields are disabled until the app is ready (what was typed would be lost), and a
  // disabled field takes no click: a field pressed before then is focused, or ticked, once it is.
  function holdField(event) {
    var target = event.target instanceof Element ? event.target : null;
    var label = target && target.closest('label');
    var field = label ? label.control : target && target.closest('input, textarea, select');
    if (!field || !field.matches(':disabled')) return;
    held = function () {
      whenEnabled(field, 60, function () {
        if (field.type === 'checkbox' || field.type === 'radio') field.click();
        else field.focus();
      });
    };
  }
  // A form turns its fields on as the app takes it over, within a frame or two.
  function whenEnabled(field, framesLeft, then) {
    if (!field.matches(':disabled')) return then();
    if (framesLeft > 0) {
      requestAnimationFrame(function () {
        whenEnabled(field, framesLeft - 1, then);
      });
    }
  }
  function release() {
    removeEventListener('click', holdPress, true);
    removeEventListener('pointerdown', holdField, true);
    document.removeEventListener(SCREEN_READY_EVENT, release);
    var press = held;
    held = null;
    // After the app's own start-up work, in a task of its own.
    if (press) setTimeout(press, 0);
  }

  INTENT_EVENTS.forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true });
  });
  addEventListener('click', holdPress, true);
  addEventListener('pointerdown', holdField, true);
  document.addEventListener(SCREEN_READY_EVENT, release);
})();
