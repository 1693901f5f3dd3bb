/**
 * Prerendered pages: at build time the host renders its shell (header, footer) for each public
 * route, and each remote renders its public screens; the server puts the two together, so a
 * visitor sees the page before any script has run, and React then hydrates it.
 */

/** Where an app's build leaves its prerendered HTML (inside its dist/). */
export const PRERENDER_FILE = 'prerender/pages.json';
/** The CSS the prerendered HTML needs, inlined by the server into the page's <head>. */
export const PRERENDER_STYLES_FILE = 'prerender/styles.css';

/** What the host's shell holds where the route's screen goes. */
export const SCREEN_SLOT = '<template data-screen-slot=""></template>';

export interface PrerenderedHtml {
  /** Resource hints for the page's <head> (preloads of the images it shows first). */
  head: string;
  body: string;
}

export interface PrerenderedScreen extends PrerenderedHtml {
  /** The document title and meta description the screen sets. */
  title: string;
  description: string | null;
}

/** The host's file: the shell of each public route, by path. */
export interface HostPrerender {
  shells: Record<string, PrerenderedHtml>;
}

/** A remote's file: its prerendered screens, by the name it exposes them under. */
export interface RemotePrerender {
  /** Written where the remote's own URL goes (its images); the server puts the real one in. */
  publicPath: string;
  screens: Record<string, PrerenderedScreen>;
}
