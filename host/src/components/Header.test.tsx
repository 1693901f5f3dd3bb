import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './Header';
import { ACCOUNT_PATH, LEGACY_REMOTE_ROUTES, SUBSCRIBER_HEADER_LABEL } from '@blooms/shared/contract/routes';
import { PRERENDERED } from '@blooms/shared/contract/app-start';
import { useAuthStore } from '@blooms/shared/runtime/auth-store';
import { renderAt, serveSiteRoutes, signIn, signOutForTest, withRoute } from '../test/render';

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const linkNames = () =>
  within(nav())
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('Header', () => {
  beforeEach(() => signOutForTest());

  it('links to every public page and to Get Started', () => {
    renderAt('/', <Header />);
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav()).getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/how-it-works');
    expect(within(nav()).getByRole('link', { name: 'Collections' })).toHaveAttribute('href', '/seasonal-collections');
    expect(within(nav()).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(within(nav()).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about-shelby-floral');
    expect(within(nav()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/subscribe');
  });

  it('leads subscribers to their account, beside Get Started (in the menu too: the same links)', () => {
    renderAt('/', <Header />);
    expect(within(nav()).getByRole('link', { name: 'My subscription' })).toHaveAttribute('href', '/account');
    expect(linkNames().slice(-3)).toEqual(['My subscription', 'Get Started', SUBSCRIBER_HEADER_LABEL]);
  });

  it('draws both the visitor’s actions and a signed-in subscriber’s My account, marked for the CSS that shows one by the mark on <html>', () => {
    renderAt('/', <Header />);
    for (const name of ['My subscription', 'Get Started'])
      expect(within(nav()).getByRole('link', { name })).toHaveClass(PRERENDERED.visitorAction);
    const account = within(nav()).getByRole('link', { name: SUBSCRIBER_HEADER_LABEL });
    expect(account).toHaveAttribute('href', ACCOUNT_PATH);
    expect(account).toHaveClass(PRERENDERED.subscriberAction);
    expect(account).not.toHaveClass(PRERENDERED.visitorAction);
  });

  it('highlights only the link of the current page', () => {
    renderAt('/faq', <Header />);
    const faq = within(nav()).getByRole('link', { name: 'FAQ' });
    expect(faq).toHaveAttribute('aria-current', 'page');
    expect(faq).toHaveClass('is-active');
    expect(within(nav()).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shows neither Today, My Deliveries nor Users when signed out', () => {
    renderAt('/', <Header />);
    expect(linkNames()).not.toContain('Today');
    expect(linkNames()).not.toContain('My Deliveries');
    expect(linkNames()).not.toContain('Users');
  });

  it('shows Today (the dashboard), My Deliveries and Forecast but neither Users nor Figures to an employee', () => {
    signIn('employee');
    renderAt('/', <Header />);
    expect(within(nav()).getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav()).getByRole('link', { name: 'My Deliveries' })).toHaveAttribute('href', '/my-deliveries');
    expect(within(nav()).getByRole('link', { name: 'Forecast' })).toHaveAttribute('href', '/forecast');
    expect(linkNames()).not.toContain('Users');
    expect(linkNames()).not.toContain('Figures');
  });

  it('shows Today, Users (Manage Users) and Figures (the business figures) to an admin', () => {
    signIn('admin');
    renderAt('/', <Header />);
    expect(within(nav()).getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav()).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(within(nav()).getByRole('link', { name: 'Figures' })).toHaveAttribute('href', '/figures');
  });

  it("keeps a staff screen's bar to the staff screens, the site's pages behind Site; on a public page the site comes first", () => {
    signIn('admin');
    const { unmount } = renderAt('/dashboard', <Header />);
    expect(linkNames()).toEqual(['Today', 'My Deliveries', 'Forecast', 'Users', 'Figures']);
    expect(within(nav()).getByRole('button', { name: 'Site' })).toHaveAttribute('aria-expanded', 'false');
    unmount();
    renderAt('/faq', <Header />);
    expect(linkNames().slice(0, 2)).toEqual(['Home', 'How It Works']);
    expect(within(nav()).queryByRole('button', { name: 'Site' })).not.toBeInTheDocument();
  });

  it('opens the Site menu by keyboard, lists the site pages there, and closes it on Escape with focus back on its button', async () => {
    const user = userEvent.setup();
    signIn('employee');
    renderAt('/my-deliveries', <Header />);
    const site = within(nav()).getByRole('button', { name: 'Site' });
    site.focus();
    await user.keyboard('{Enter}');
    expect(site).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(site.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'How It Works', 'Collections', 'FAQ', 'About', expect.stringMatching(/^Weddings & Events/)]);
    await user.tab();
    expect(within(list).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(site).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(site).toHaveFocus();
    await user.click(site);
    await user.click(within(list).getByRole('link', { name: 'FAQ' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/faq');
  });

  it.each(['employee', 'admin'] as const)('shows signed-in staff (%s) Sign out, not the Get Started sales button', (role) => {
    signIn(role);
    renderAt('/', <Header />);
    expect(within(nav()).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: SUBSCRIBER_HEADER_LABEL })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("links the staff screens the live remotes give a navigation label, and none whose remote's build lacks it", () => {
    signIn('admin');
    // In the server's order: each remote's routes as it declares them; the forecast's module is not in the live build.
    serveSiteRoutes(
      LEGACY_REMOTE_ROUTES.flatMap((route) =>
        route.module === 'Forecast'
          ? [
              { ...route, unavailable: true },
              { path: '/delivery-notes', remote: 'staff', module: 'DeliveryNotes', access: 'staff', nav: 'Notes' },
            ]
          : [route],
      ),
    );
    try {
      renderAt('/dashboard', <Header />);
      expect(within(nav()).getByRole('link', { name: 'Notes' })).toHaveAttribute('href', '/delivery-notes');
      expect(linkNames().slice(0, 5)).toEqual(['Today', 'My Deliveries', 'Notes', 'Users', 'Figures']);
    } finally {
      serveSiteRoutes(null);
    }
  });

  it("keeps a screen for admins from an employee's links", () => {
    signIn('employee');
    serveSiteRoutes(withRoute({ path: '/payouts', remote: 'admin', module: 'Payouts', access: 'admin', nav: 'Payouts' }));
    try {
      renderAt('/', <Header />);
      expect(linkNames()).not.toContain('Payouts');
    } finally {
      serveSiteRoutes(null);
    }
  });

  it('offers no sales button on a staff screen while the sign-in is checked (a public page keeps its own)', () => {
    act(() => useAuthStore.setState({ status: 'loading' }));
    renderAt('/my-deliveries', <Header />);
    expect(within(nav()).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'My subscription' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    act(() => signIn('employee'));
    expect(within(nav()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('keeps Get Started on a public page while a sign-in is checked', () => {
    act(() => useAuthStore.setState({ status: 'loading' }));
    renderAt('/faq', <Header />);
    expect(within(nav()).getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('updates the links when the session changes', () => {
    renderAt('/', <Header />);
    expect(linkNames()).not.toContain('Today');
    act(() => signIn('admin'));
    expect(linkNames()).toEqual(expect.arrayContaining(['Today', 'Users']));
  });
});

describe('Mobile menu', () => {
  beforeEach(() => signOutForTest());
  const toggle = () => screen.getByRole('button', { name: /menu/i });

  async function openMenu() {
    const user = userEvent.setup();
    renderAt('/', <Header />);
    await user.click(toggle());
    return user;
  }

  it('opens, moves focus into the menu and locks page scrolling', async () => {
    await openMenu();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('is-open');
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('closes on Escape, unlocks scrolling and returns focus to the toggle', async () => {
    const user = await openMenu();
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(nav()).not.toHaveClass('is-open');
    expect(document.body.style.overflow).toBe('');
    expect(toggle()).toHaveFocus();
  });

  it('closes on a backdrop click', async () => {
    const user = await openMenu();
    await user.click(screen.getByTestId('nav-backdrop'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('nav-backdrop')).not.toBeVisible();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a route change, leaving focus to the new page rather than the menu button', async () => {
    const user = await openMenu();
    await user.click(within(nav()).getByRole('link', { name: 'FAQ' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/faq');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
    expect(toggle()).not.toHaveFocus();
  });

  it.each([
    ['a visitor', false, 'Get Started'],
    ['a subscriber signed in here', true, SUBSCRIBER_HEADER_LABEL],
  ])('keeps Tab inside the open menu for %s: from the last link shown to the menu button and back', async (_, subscriber, last) => {
    const user = userEvent.setup();
    // The rule of app.css that shows one of the two (jest does not load the app's CSS).
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = `html:not([${PRERENDERED.subscriberBrowser}]) .${PRERENDERED.subscriberAction}, html[${PRERENDERED.subscriberBrowser}] .${PRERENDERED.visitorAction} { display: none; }`;
    document.documentElement.toggleAttribute(PRERENDERED.subscriberBrowser, subscriber);
    renderAt(
      '/',
      <>
        <Header />
        <a href="/behind-the-menu">A link on the dimmed page</a>
      </>,
    );
    await user.click(toggle());
    const lastLink = within(nav()).getByRole('link', { name: last });
    lastLink.focus();
    await user.tab();
    expect(toggle()).toHaveFocus();
    await user.tab({ shift: true });
    expect(lastLink).toHaveFocus();
    for (let press = 0; press < 20; press++) {
      await user.tab();
      expect(screen.getByRole('link', { name: 'A link on the dimmed page' })).not.toHaveFocus();
    }
    await user.keyboard('{Escape}');
    await user.tab();
    await user.tab();
    expect(document.activeElement).not.toBe(toggle());
    style.remove();
    document.documentElement.removeAttribute(PRERENDERED.subscriberBrowser);
  });
});
