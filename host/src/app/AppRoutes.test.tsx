import { act, cleanup, screen } from '@testing-library/react';
import { STAFF_BROWSER_KEY } from '@blooms/shared/contract/app-start';
import { LEGACY_REMOTE_ROUTES } from '@blooms/shared/contract/routes';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { AppRoutes } from './AppRoutes';
import { renderAt, serveSiteRoutes, signIn, signOutForTest, withRoute } from '../test/render';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { ScrollToTop } from '../components/ScrollToTop';
import { Link } from 'react-router-dom';
import userEvent from '@testing-library/user-event';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
// The guards start Firebase on staff routes; tests drive the auth store directly instead.
jest.mock('../features/auth/start-auth', () => ({
  ...jest.requireActual<typeof import('../features/auth/start-auth')>('../features/auth/start-auth'),
  ensureAuthStarted: jest.fn(() => new Promise(() => undefined)),
}));

const mockedLoadRemote = jest.mocked(loadRemote);

beforeEach(() => {
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockImplementation(async (id: string) => ({ default: () => <h1>screen {id}</h1> }));
  signOutForTest();
});

describe('routes', () => {
  it.each([
    ['/', 'marketing/Home'],
    ['/how-it-works', 'marketing/HowItWorks'],
    ['/seasonal-collections', 'marketing/SeasonalCollections'],
    ['/faq', 'marketing/Faq'],
    ['/about-shelby-floral', 'marketing/About'],
    ['/privacy-policy', 'marketing/PrivacyPolicy'],
    ['/terms-of-service', 'marketing/TermsOfService'],
    ['/subscribe', 'subscribe/Subscribe'],
    ['/confirmation', 'subscribe/Confirmation'],
  ])('%s loads %s for a visitor', async (path, id) => {
    renderAt(path, <AppRoutes />);
    expect(await screen.findByRole('heading', { name: `screen ${id}` })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'staff/Dashboard', 'employee'],
    ['/my-deliveries', 'staff/MyDeliveries', 'employee'],
    ['/users', 'admin/Users', 'admin'],
    ['/figures', 'admin/BusinessFigures', 'admin'],
  ] as const)('%s loads %s for an %s', async (path, id, role) => {
    signIn(role);
    renderAt(path, <AppRoutes />);
    expect(await screen.findByRole('heading', { name: `screen ${id}` })).toBeInTheDocument();
  });

  it('swaps the screen when navigating between two pages of the same remote', async () => {
    const user = userEvent.setup();
    renderAt(
      '/faq',
      <>
        <Link to="/about-shelby-floral">About</Link>
        <AppRoutes />
      </>,
    );
    await screen.findByRole('heading', { name: 'screen marketing/Faq' });
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('heading', { name: 'screen marketing/About' })).toBeInTheDocument();
  });

  it('shows a 404 page with a way home for unknown routes', () => {
    renderAt('/no-such-page', <AppRoutes />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no-such-page', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});

describe("routes the live remotes declare (app-config.json's routes)", () => {
  afterEach(() => {
    cleanup();
    serveSiteRoutes(null);
  });

  it('mounts a screen a remote added, under its access level, with no host release', async () => {
    serveSiteRoutes(withRoute({ path: '/delivery-notes', remote: 'staff', module: 'DeliveryNotes', access: 'staff' }));
    renderAt('/delivery-notes', <AppRoutes />);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    cleanup();
    signIn('employee');
    renderAt('/delivery-notes', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'screen staff/DeliveryNotes' })).toBeInTheDocument();
  });

  it('says the page is being updated, with no Retry, where the live build does not expose the module', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn('employee');
    serveSiteRoutes(withRoute({ path: '/delivery-notes', remote: 'staff', module: 'DeliveryNotes', access: 'staff', unavailable: true }));
    renderAt('/delivery-notes', <AppRoutes />);
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('This page is being updated');
    expect(message).toHaveTextContent('The staff part of the site that is live now does not have this page yet.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith('The live staff build does not expose DeliveryNotes');
  });

  it('shows the 404 page for a path no remote declares any more', () => {
    serveSiteRoutes(LEGACY_REMOTE_ROUTES.filter((route) => route.path !== '/forecast'));
    signIn('employee');
    renderAt('/forecast', <AppRoutes />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('access rules', () => {
  it.each(['/dashboard', '/my-deliveries', '/users'])('sends a signed-out visitor from %s to /login', (path) => {
    renderAt(path, <AppRoutes />);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('sends an employee opening /users to /login', () => {
    signIn('employee');
    renderAt('/users', <AppRoutes />);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('admin/Users');
  });

  it('sends someone signed in without a user record to /login', () => {
    signIn('none');
    renderAt('/dashboard', <AppRoutes />);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('waits for the session before deciding, then lets staff in', async () => {
    useAuthStore.setState({ status: 'loading' });
    renderAt('/dashboard', <AppRoutes />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    act(() => signIn('employee'));
    expect(await screen.findByRole('heading', { name: 'screen staff/Dashboard' })).toBeInTheDocument();
  });

  it('opens My Deliveries while the session is checked in a browser where staff signed in, and only there', async () => {
    useAuthStore.setState({ status: 'loading' });
    renderAt('/my-deliveries', <AppRoutes />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    cleanup();
    localStorage.setItem(STAFF_BROWSER_KEY, '1');
    renderAt('/my-deliveries', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'screen staff/MyDeliveries' })).toBeInTheDocument();
    cleanup();
    // The dashboard has nothing kept to show: it waits for the session as before.
    renderAt('/dashboard', <AppRoutes />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in');
    // The session turns out to be gone: to /login, whatever was shown.
    cleanup();
    renderAt('/my-deliveries', <AppRoutes />);
    await screen.findByRole('heading', { name: 'screen staff/MyDeliveries' });
    act(() => signOutForTest());
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    localStorage.removeItem(STAFF_BROWSER_KEY);
  });

  it('returns a signed-in person to /login once the session ends', async () => {
    signIn('admin');
    renderAt('/users', <AppRoutes />);
    await screen.findByRole('heading', { name: 'screen admin/Users' });
    act(() => signOutForTest());
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('scrolling', () => {
  it('scrolls smoothly to the top on every route change', async () => {
    const user = userEvent.setup();
    renderAt(
      '/faq',
      <>
        <ScrollToTop />
        <Link to="/about-shelby-floral">About</Link>
      </>,
    );
    jest.mocked(window.scrollTo).mockClear();
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
