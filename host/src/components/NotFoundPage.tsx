import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = 'Page not found | Monthly Blooms';
  }, []);
  return (
    <section className="container page not-found">
      <h1>Page not found</h1>
      <p>
        We couldn't find <code>{pathname}</code>. The page may have moved, or the address may have a typo.
      </p>
      <p>
        <Link className="button" to="/">
          Back to Home
        </Link>{' '}
        <Link className="button button--secondary" to="/subscribe">
          Get Started
        </Link>
      </p>
    </section>
  );
}
