import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { usePopupStore } from '@blooms/shared/runtime/popup-store';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { LoginPage } from './LoginPage';
import { ensureAuthStarted } from './start-auth';
import type { SessionController, SessionOutcome } from './firebase-session';
import { renderAt, signIn, signOutForTest } from '../../test/render';
import { MemoryRouter } from 'react-router-dom';
import { render } from '@testing-library/react';

jest.mock('./start-auth', () => ({ ensureAuthStarted: jest.fn() }));

function controller(overrides: Partial<SessionController> = {}): SessionController {
  return {
    usesEmulator: true,
    signInWithGoogle: jest.fn(async (): Promise<SessionOutcome> => 'staff'),
    signInLocally: jest.fn(async (): Promise<SessionOutcome> => 'staff'),
    ...overrides,
  };
}

function renderLogin(path = '/login') {
  return renderAt(
    path,
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
      <Route path="/my-deliveries" element={<h1>My deliveries screen</h1>} />
    </Routes>,
  );
}

const popupMessage = () => usePopupStore.getState().popup?.message;

describe('LoginPage', () => {
  beforeEach(() => {
    signOutForTest();
    usePopupStore.setState({ popup: null });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('against the emulator, signs in through the local dialog with the e-mail and name given', async () => {
    const session = controller();
    jest.mocked(ensureAuthStarted).mockResolvedValue(session);
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Login to Monthly Blooms' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));

    const dialog = screen.getByRole('dialog', { name: 'Local Google sign-in' });
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.type(screen.getByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Name (optional)'), 'Avery Admin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(session.signInLocally).toHaveBeenCalledWith('admin@example.com', 'Avery Admin');
    expect(dialog).not.toBeInTheDocument();
    expect(session.signInWithGoogle).not.toHaveBeenCalled();
  });

  it('points subscribers, who do not sign in with Google, to their account', async () => {
    jest.mocked(ensureAuthStarted).mockResolvedValue(controller());
    renderLogin();
    const link = screen.getByRole('link', { name: 'My subscription' });
    expect(link).toHaveAttribute('href', '/account');
    expect(link.closest('p')).toHaveTextContent(
      /^Subscribers: to skip a month, pause, change your months or address, or cancel, go to My subscription\. You sign in there with a one-time link we e-mail you/,
    );
    await screen.findByRole('button', { name: 'Sign in with Google' });
  });

  it('against real Firebase, uses the Google popup', async () => {
    const session = controller({ usesEmulator: false });
    jest.mocked(ensureAuthStarted).mockResolvedValue(session);
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(session.signInWithGoogle).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("from an invitation link, offers the invited address: in the local dialog, and to Google's account picker", async () => {
    const local = controller();
    jest.mocked(ensureAuthStarted).mockResolvedValue(local);
    const user = userEvent.setup();
    const { unmount } = renderLogin('/login?email=Nico%40Example.com');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByLabelText('Email')).toHaveValue('nico@example.com');
    unmount();

    const google = controller({ usesEmulator: false });
    jest.mocked(ensureAuthStarted).mockResolvedValue(google);
    renderLogin('/login?email=Nico%40Example.com');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(google.signInWithGoogle).toHaveBeenCalledWith('nico@example.com');
  });

  it('ignores an address in the link that is not one', async () => {
    const session = controller();
    jest.mocked(ensureAuthStarted).mockResolvedValue(session);
    const user = userEvent.setup();
    renderLogin('/login?email=%3Cscript%3E');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('blocks the button while a sign-in attempt runs', async () => {
    let finish: (outcome: SessionOutcome) => void = () => undefined;
    const session = controller({
      usesEmulator: false,
      signInWithGoogle: jest.fn(() => new Promise<SessionOutcome>((resolve) => (finish = resolve))),
    });
    jest.mocked(ensureAuthStarted).mockResolvedValue(session);
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    finish('not-authorized');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it.each([
    ['a failed attempt', jest.fn(async (): Promise<SessionOutcome> => 'failed')],
    [
      'a thrown error (popup closed)',
      jest.fn(async (): Promise<SessionOutcome> => {
        throw new Error('auth/popup-closed-by-user');
      }),
    ],
  ])('shows the login failure alert after %s', async (_, signInWithGoogle) => {
    jest.mocked(ensureAuthStarted).mockResolvedValue(controller({ usesEmulator: false, signInWithGoogle }));
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(popupMessage()).toBe(MESSAGES.loginFailed);
  });

  it('leaves the not-authorized alert to the session and adds nothing', async () => {
    jest
      .mocked(ensureAuthStarted)
      .mockResolvedValue(
        controller({ usesEmulator: false, signInWithGoogle: jest.fn(async (): Promise<SessionOutcome> => 'not-authorized') }),
      );
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(popupMessage()).toBeUndefined();
  });

  it('sends a signed-in admin straight to the dashboard', async () => {
    jest.mocked(ensureAuthStarted).mockResolvedValue(controller());
    signIn('admin');
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
  });

  it('sends a signed-in employee straight to My Deliveries, where a driver’s day starts', async () => {
    jest.mocked(ensureAuthStarted).mockResolvedValue(controller());
    signIn('employee');
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'My deliveries screen' })).toBeInTheDocument();
  });

  it('keeps an employee who was refused an admin page on /login and says why', async () => {
    jest.mocked(ensureAuthStarted).mockResolvedValue(controller());
    signIn('employee', 'eli@blooms.example');
    render(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={[{ pathname: '/login', state: { deniedPath: '/users' } }]}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Only admins can open that page, and eli@blooms.example is not an admin.');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
