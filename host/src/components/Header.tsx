import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { ACCOUNT_PATH, isStaffPage, SUBSCRIBE_PATH, SUBSCRIBER_HEADER_LABEL } from '@blooms/shared/contract/routes';
import { useSiteRoutes } from '../features/remotes/site-routes';
import { signOutAskingFirst } from '../features/auth/sign-out';
import { ACCOUNT_LINK, headerLinks, SITE_LINKS } from './navigation';
import { SisterStudioLink, SiteMenu } from './SiteMenu';
import { keepTabWithin } from './keep-tab-within';
import { Logo } from '@blooms/shared/ui/Logo';
import { useMediaQuery } from '@blooms/shared/ui/use-media-query';
import { markHydrated } from '@blooms/shared/ui/hydrated';
import { MENU_OPEN_BODY_OVERFLOW, PRERENDERED } from '@blooms/shared/contract/app-start';

/**
 * Below these widths the links no longer fit on one line and move into the menu. CSS applies
 * them (app.css), so the prerendered header is right at every width before any script runs.
 */
const COMPACT_BELOW_PX = { visitor: 1100, staff: 1279 };

/** Whether an element is drawn: the header has both Get Started and My account, and CSS hides one. */
const shown = (element: HTMLElement) =>
  typeof element.checkVisibility === 'function' ? element.checkVisibility() : getComputedStyle(element).display !== 'none';

/** What Tab reaches in the menu: its links and buttons that are drawn, not those in a closed list (the Site menu's). */
const focusableIn = (element: HTMLElement | null) =>
  Array.from(element?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []).filter(
    (el) => !el.closest('[hidden]') && shown(el),
  );

export function Header() {
  const status = useAuthStore((s) => s.status);
  const role = useAuthStore((s) => s.role);
  const site = useSiteContact();
  const { pathname } = useLocation();
  const routes = useSiteRoutes();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const wasOpen = useRef(false);
  const staffLinks = status === 'signed-in';
  const compact = useMediaQuery(`(max-width: ${staffLinks ? COMPACT_BELOW_PX.staff : COMPACT_BELOW_PX.visitor}px)`);
  const seen = useRef({ pathname, compact });
  const onStaffPage = isStaffPage(routes, pathname);
  const openedBeforeApp = useRef(false);

  // The prerendered menu opens before the app runs (host/public/start.js): taking the page over,
  // the header starts from the menu as the visitor left it, focus where they have put it.
  useLayoutEffect(() => {
    if (toggleRef.current?.getAttribute('aria-expanded') !== 'true') return;
    openedBeforeApp.current = true;
    setMenuOpen(true);
  }, []);

  // The menu closes on every route change (focus then goes to the new page, not back to the
  // menu button), and when the window grows past the compact layout.
  useEffect(() => {
    const before = seen.current;
    seen.current = { pathname, compact };
    if (before.pathname === pathname && !(before.compact && !compact)) return;
    wasOpen.current = false;
    setMenuOpen(false);
  }, [pathname, compact]);

  useEffect(() => {
    if (!menuOpen) {
      if (wasOpen.current) toggleRef.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    // As start.js locks it for a menu opened before the app, which the app then takes over open.
    document.body.style.overflow = MENU_OPEN_BODY_OVERFLOW;
    if (openedBeforeApp.current) openedBeforeApp.current = false;
    else navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
      // Tab goes round the menu button and the menu's links, never into the dimmed page.
      if (event.key === 'Tab') keepTabWithin(event, [...(toggleRef.current ? [toggleRef.current] : []), ...focusableIn(navRef.current)]);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = '';
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen]);

  return (
    <header ref={markHydrated} className={staffLinks ? 'site-header site-header--staff' : 'site-header'}>
      <div className="container site-header__inner">
        <Link to="/" className="site-header__brand">
          <Logo size={36} />
          <span>Monthly Blooms</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {/* Drawn by app.css from aria-expanded: the menu opens before the app runs, and only attributes may change then. */}
          <span aria-hidden="true" className="menu-toggle__icon" />
        </button>
        <div className="nav-backdrop" data-testid="nav-backdrop" hidden={!menuOpen} onClick={() => setMenuOpen(false)} />
        <nav id="site-nav" ref={navRef} aria-label="Main" className={menuOpen ? 'site-nav is-open' : 'site-nav'}>
          <ul>
            {headerLinks(routes, status, role, onStaffPage).map((link) => (
              <li key={link.to} className={`site-nav__item site-nav__item--${link.kind}`}>
                <NavLink to={link.to} end className={({ isActive }) => (isActive ? 'nav-link is-active' : 'nav-link')}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {onStaffPage ? <SiteMenu links={SITE_LINKS} site={site} /> : <SisterStudioLink site={site} />}
          </ul>
          <div className="site-nav__actions">
            {/* Staff are at work, not shopping: they get Sign out instead of the sales button, and nothing while their sign-in is checked. */}
            {status === 'loading' && onStaffPage ? null : status === 'signed-in' ? (
              <button type="button" className="button button--secondary" onClick={() => void signOutAskingFirst()}>
                Sign out
              </button>
            ) : (
              <>
                {/* Both are drawn; CSS shows one by the mark start.js and the app keep on <html> (a subscriber has signed in here), so the prerendered page and hydration agree and nothing is drawn twice. */}
                <NavLink
                  to={ACCOUNT_LINK.to}
                  end
                  className={({ isActive }) => `${isActive ? 'nav-link is-active' : 'nav-link'} ${PRERENDERED.visitorAction}`}
                >
                  {ACCOUNT_LINK.label}
                </NavLink>
                <Link to={SUBSCRIBE_PATH} className={`button ${PRERENDERED.visitorAction}`}>
                  Get Started
                </Link>
                <Link to={ACCOUNT_PATH} className={`button ${PRERENDERED.subscriberAction}`}>
                  {SUBSCRIBER_HEADER_LABEL}
                </Link>
              </>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
