import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@blooms/shared/contract/messages';
import { SignInForm } from './SignInForm';
import { askForSignInLink } from './account-session';
import { maskEmail } from './mask-email';

jest.mock('./account-session', () => ({ askForSignInLink: jest.fn() }));
const ask = jest.mocked(askForSignInLink);

beforeEach(() => {
  jest.resetAllMocks();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const setup = (initialError: string | null = null) => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<SignInForm initialError={initialError} />);
  return user;
};

it('masks the address it names: the first letter and the domain', () => {
  expect(maskEmail('jane.doe@example.com')).toBe('j...@example.com');
  expect(maskEmail('  J@x.org ')).toBe('J...@x.org');
});

it('asks, then says only where the link went (the form is gone), and offers it again after 30 s', async () => {
  ask.mockResolvedValue(ACCOUNT_MESSAGES.signInLinkSent);
  const user = setup();
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  expect(ask).toHaveBeenCalledWith('jane@example.com');
  const sent = (await screen.findByRole('heading', { name: 'Check your inbox' })).parentElement!;
  expect(sent).toHaveTextContent(ACCOUNT_MESSAGES.checkInbox('j...@example.com'));
  expect(sent).toHaveTextContent('it can take a minute');
  expect(sent).toHaveFocus();
  expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  const again = screen.getByRole('button', { name: 'Send the link again' });
  expect(again).toBeDisabled();
  expect(screen.getByText('No e-mail yet? You can ask again in 30 s.')).toBeInTheDocument();
  act(() => void jest.advanceTimersByTime(29_000));
  expect(again).toBeDisabled();
  act(() => void jest.advanceTimersByTime(1_000));
  expect(again).toBeEnabled();
  await user.click(again);
  expect(ask).toHaveBeenCalledTimes(2);
  expect(await screen.findByRole('heading', { name: 'We sent the link again' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Send the link again' })).toBeDisabled();
});

it('a refusal shows at the address field, alone, and goes as soon as the address changes', async () => {
  ask.mockRejectedValueOnce(new Error(ACCOUNT_MESSAGES.tooManySignInLinks));
  const user = setup();
  const input = screen.getByLabelText('Email');
  await user.type(input, 'jane@example.com');
  await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManySignInLinks);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(ACCOUNT_MESSAGES.tooManySignInLinks);
  expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
  await user.type(input, 'x');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(input).not.toHaveAttribute('aria-invalid');
});

it('an address that is not one is refused before anything is sent', async () => {
  const user = setup();
  await user.type(screen.getByLabelText('Email'), 'jane');
  await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Enter the e-mail address you subscribed with.');
  expect(ask).not.toHaveBeenCalled();
});

it('shows why the last sign-in failed (an old link), until the address is typed', async () => {
  const user = setup('This link has expired.');
  expect(screen.getByRole('alert')).toHaveTextContent('This link has expired.');
  await user.type(screen.getByLabelText('Email'), 'j');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('Use another address goes back to the form with the address kept', async () => {
  ask.mockResolvedValue(ACCOUNT_MESSAGES.signInLinkSent);
  const user = setup();
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
  await user.click(await screen.findByRole('button', { name: 'Use another address' }));
  expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  expect(screen.queryByRole('heading', { name: 'Check your inbox' })).not.toBeInTheDocument();
});
