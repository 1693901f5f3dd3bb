/* global document, requestAnimationFrame, addEventListener */
// Starts the app (/main.js). A prerendered page reads, and its links work, before the app
// runs: its app starts once the page has loaded and painted, so that first paint waits only
// for the page itself (its CSS is inline; its fonts and pictures load first). An empty page
// (the staff screens, a page not prerendered) starts it at once.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = '/main.js';
    document.head.appendChild(script);
  }
  function afterNextFrame() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  function whenPainted(then) {
    try {
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        then();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      then();
    }
  }
  function onLoad() {
    whenPainted(afterNextFrame);
  }

  var root = document.getElementById('root');
  if (!root || !root.firstElementChild) return start();
  // A tab opened in the background paints nothing until it is shown: start its app anyway.
  setTimeout(start, 3000);
  if (document.readyState === 'complete') onLoad();
  else addEventListener('load', onLoad, { once: true });
})();
