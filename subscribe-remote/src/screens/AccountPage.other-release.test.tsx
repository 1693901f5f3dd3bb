import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { UnreadableReplyError } from '@blooms/shared/runtime/api-client';
import { recordUnreadableReply } from '@blooms/shared/runtime/unreadable-replies';
import AccountPage from './AccountPage';
import { accountApi, isSignInLink, signedInEmail } from '../features/account/account-session';

jest.mock('../features/account/account-session', () => jest.requireActual('../test/account-session-mock').accountSessionMock());

it('says the page was updated, with Reload, when the account comes from an API whose reply it cannot read, and asks no one to sign in again', async () => {
  jest.mocked(isSignInLink).mockResolvedValue(false);
  jest.mocked(signedInEmail).mockResolvedValue('rosa@example.com');
  // As the API client answers such a reply.
  jest.mocked(accountApi.account).mockImplementation(async () => {
    recordUnreadableReply();
    throw new UnreadableReplyError(200, 'GET /api/account', 'subscriptions.0.coming: expected array');
  });
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <AccountPage />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.pageUpdated);
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(screen.queryByText('Loading your account…')).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});
