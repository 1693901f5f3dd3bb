import { useEffect, type ReactNode } from 'react';
import { BRAND_NAME } from '../site';

declare const __BUILD_ID__: string | undefined;

interface Props {
  /** The remote that owns the screen; recorded on the page so a deployment can be checked. */
  remote: string;
  /** Document title of the page, before the brand name. */
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}

/** The root of every remote screen: sets the document title and meta description. */
export function Screen({ remote, title, description, className, children }: Props) {
  useEffect(() => {
    document.title = `${title} | ${BRAND_NAME}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  const build = typeof __BUILD_ID__ === 'undefined' ? 'dev' : __BUILD_ID__;
  return (
    <div className={className ? `screen ${className}` : 'screen'} data-remote={remote} data-build={build}>
      {children}
    </div>
  );
}
