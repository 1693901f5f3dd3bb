import { useSiteContact } from '@blooms/shared/runtime/app-config';

/** The button to the sister studio's own site, which opens in a new tab. */
export function StudioLink() {
  const site = useSiteContact();
  return (
    <a href={site.sisterStudioUrl} className="button button--secondary" target="_blank" rel="noopener">
      Visit {site.sisterStudioName}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
