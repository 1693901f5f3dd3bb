import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { SCREEN_READY_EVENT } from '../contract/app-start';
import { markHydrated } from './hydrated';
import { BRAND_NAME } from '../contract/site';
import { useMetUnreadableReply } from '../runtime/unreadable-replies';
import { PageUpdated } from './PageUpdated';

declare const __BUILD_ID__: string | undefined;

export interface ScreenHead {
  title: string;
  description: string | null;
}

/** Set while a screen is prerendered: receives the title and description the screen sets. */
export const ScreenHeadContext = createContext<((head: ScreenHead) => void) | null>(null);

function documentTitle(title: string): string {
  return `${title} | ${BRAND_NAME}`;
}

interface Props {
  /** The remote that owns the screen; recorded on the page so a deployment can be checked. */
  remote: string;
  /** Document title of the page, before the brand name. */
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * The root of every remote screen: sets the document title and meta description, and says at its
 * top when a call of the screen's app met a reply it cannot read (the API is of another release).
 */
export function Screen({ remote, title, description, children }: Props) {
  useContext(ScreenHeadContext)?.({ title: documentTitle(title), description: description ?? null });
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  // The page's own start-up script (host/public/start.js) holds presses made before now.
  useEffect(() => {
    document.dispatchEvent(new Event(SCREEN_READY_EVENT));
  }, []);
  const pageUpdated = useMetUnreadableReply();
  const build = typeof __BUILD_ID__ === 'undefined' ? 'dev' : __BUILD_ID__;
  return (
    <div ref={markHydrated} className="screen" data-remote={remote} data-build={build}>
      {pageUpdated && <PageUpdated />}
      {children}
    </div>
  );
}
