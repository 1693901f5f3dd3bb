import { AppRoutes } from './AppRoutes';
import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { PopupHost } from '../components/PopupHost';
import { ScrollToTop } from '../components/ScrollToTop';
import { FocusPageHeading } from '../components/FocusPageHeading';
import { BrandFonts } from './BrandFonts';
import { NamePrompt } from '../features/staff/NamePrompt';

/** Everything inside the router: the same tree in the browser and when prerendered. */
export function AppShell() {
  return (
    <>
      <BrandFonts />
      <ScrollToTop />
      <FocusPageHeading />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <NamePrompt />
        <AppRoutes />
      </main>
      <Footer />
      <PopupHost />
    </>
  );
}
