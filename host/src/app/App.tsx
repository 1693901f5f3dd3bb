import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { Header } from '../components/Header';
import { Footer } from '../components/Footer';
import { PopupHost } from '../components/PopupHost';
import { ScrollToTop } from '../components/ScrollToTop';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer />
      <PopupHost />
    </BrowserRouter>
  );
}
