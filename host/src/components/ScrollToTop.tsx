import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The page scrolls smoothly to the top on every route change: a new screen starts at its top, as a page load would, and the scroll shows that it changed. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
