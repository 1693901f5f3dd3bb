/**
 * How the site's pages are served on Firebase Hosting. The host's index.html is uploaded under
 * another name: Hosting serves a real file before any rewrite, and every page (/ included)
 * must reach the pages function, which puts the prerendered shell and screen into it.
 */
export const PAGE_TEMPLATE = 'index.page.html';

/**
 * Pages are kept briefly at Hosting's CDN, and the pages function keeps the apps' files as
 * briefly: a remote deployed alone runs its new code on the next page load (its manifest is
 * always revalidated) and its new prerendered HTML arrives within about 15 s.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';
export const PAGES_SOURCE_MAX_AGE_MS = 5_000;
