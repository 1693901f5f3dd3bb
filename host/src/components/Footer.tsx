import { Link, useLocation } from 'react-router-dom';
import { isStaffPage } from '@blooms/shared/contract/routes';
import { useSiteRoutes } from '../features/remotes/site-routes';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { phoneHref } from '@blooms/shared/contract/site';
import { copyright } from '@blooms/shared/contract/copyright';
import { FOOTER_LINKS, STAFF_FOOTER_LINKS } from './navigation';

export function Footer() {
  const site = useSiteContact();
  const copyrightLine = copyright(new Date());
  const { pathname } = useLocation();
  const routes = useSiteRoutes();
  if (isStaffPage(routes, pathname)) {
    return (
      <footer className="site-footer site-footer--slim">
        <nav aria-label="Footer" className="container site-footer__line">
          <span>{copyrightLine}</span>
          {STAFF_FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
          <a href={phoneHref(site.phone)}>{site.phone}</a>
        </nav>
      </footer>
    );
  }
  return (
    <footer className="site-footer">
      <div className="container even-grid even-grid--2">
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Monthly Blooms</h2>
          <ul>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Weddings &amp; events</h2>
          <p>
            Planning something bigger? Our sister studio{' '}
            <a href={site.sisterStudioUrl} rel="noopener" target="_blank">
              {site.sisterStudioName}
            </a>{' '}
            designs wedding and event florals.
          </p>
          <ul className="site-footer__social">
            {site.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <address>
          <h2 className="site-footer__heading">Contact</h2>
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>
          <br />
          <a href={phoneHref(site.phone)}>{site.phone}</a>
          <br />
          {site.streetAddress}
        </address>
      </div>
      <p className="container site-footer__copyright">{`${copyrightLine}. All rights reserved.`}</p>
    </footer>
  );
}
