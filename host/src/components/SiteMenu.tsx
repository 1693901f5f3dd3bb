import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import type { SiteContact } from '@blooms/shared/contract/site';
import type { NavLinkItem } from './navigation';

interface Props {
  links: NavLinkItem[];
  site: Pick<SiteContact, 'sisterStudioName' | 'sisterStudioUrl'>;
}

/** The header's link to the sister studio (a new tab): in the public header, and last in the Site menu. */
export function SisterStudioLink({ site }: Pick<Props, 'site'>) {
  return (
    <li>
      <a className="nav-link" href={site.sisterStudioUrl} rel="noopener" target="_blank">
        Weddings &amp; Events<span className="visually-hidden"> at {site.sisterStudioName} (opens in a new tab)</span>
      </a>
    </li>
  );
}

/**
 * The site's public pages on a staff screen, behind one Site button: a disclosure (a button
 * that shows and hides a list of links), so screen readers hear "Site, collapsed" and the links
 * are ordinary links once it is open. Escape closes it and puts focus back on the button; so do
 * a click elsewhere and focus leaving it. In the mobile menu it opens in place.
 */
export function SiteMenu({ links, site }: Props) {
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    // Only this list closes: the mobile menu around it stays open.
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onBlur(event: FocusEvent) {
    if (open && !wrapRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <li ref={wrapRef} className="site-nav__item site-nav__item--site site-menu" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-link site-menu__toggle"
        aria-expanded={open}
        aria-controls="site-menu-links"
        onClick={() => setOpen((was) => !was)}
      >
        Site
        <span aria-hidden="true" className="site-menu__chevron" />
      </button>
      <ul id="site-menu-links" className="site-menu__links" hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <SisterStudioLink site={site} />
      </ul>
    </li>
  );
}
