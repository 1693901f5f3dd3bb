/* global document */
// style-loader's insert function for the host's own CSS. A prerendered page arrives with the
// host's and the remote's CSS inlined (<style data-prerendered>); the host's copies go before
// it, so remote rules keep overriding host rules while the page hydrates (no layout shift).
module.exports = function insertHostStyles(element) {
  const prerendered = document.querySelector('style[data-prerendered]');
  if (prerendered) prerendered.before(element);
  else document.head.appendChild(element);
};
