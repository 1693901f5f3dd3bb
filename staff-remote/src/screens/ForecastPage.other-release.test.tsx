import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { MESSAGES } from '@blooms/shared/contract/messages';
import { reloadPage } from '@blooms/shared/runtime/unreadable-replies';
import ForecastPage from './ForecastPage';

// The real API client against an API of another release: the forecast route missing, or a
// forecast without a field this page reads.
jest.mock('@blooms/shared/runtime/live-client', () => ({ connectLive: jest.fn(() => () => undefined) }));
jest.mock('@blooms/shared/runtime/unreadable-replies', () => ({
  ...jest.requireActual('@blooms/shared/runtime/unreadable-replies'),
  reloadPage: jest.fn(),
}));

function serverAnswers(status: number, body: unknown) {
  const text = JSON.stringify(body);
  globalThis.fetch = jest.fn(async () => ({ ok: status < 300, status, text: async () => text })) as unknown as typeof fetch;
}

async function openForecast() {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <MemoryRouter future={ROUTER_FUTURE}>
      <ForecastPage />
    </MemoryRouter>,
  );
  // Until the reply has come and been refused.
  await waitFor(() => expect(screen.queryByText('Loading the forecast…')).not.toBeInTheDocument());
  return screen.getByRole('alert');
}

it.each([
  ['has no forecast route', 404, { error: 'not-found', message: 'No such resource: GET /api/forecast' }],
  ['answers a forecast without its days', 200, { vasesOut: 45 }],
])('says the page was updated, with Reload, when the API %s, and shows nothing of it', async (_what, status, body) => {
  serverAnswers(status, body);
  const notice = await openForecast();
  expect(notice).toHaveTextContent(MESSAGES.pageUpdated);
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(document.body).not.toHaveTextContent(/undefined|NaN/);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
  expect(reloadPage).toHaveBeenCalled();
});
