import { render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { ServerState } from '../ui/ServerState';
import { STAFF_ROUTES } from '../contract/staff-api-routes';
import { PUBLIC_ROUTES } from '../contract/public-api-routes';
import { MESSAGES } from '../contract/messages';
import { apiKey, apiQuery } from './api-query';
import { isUnreadableReply } from './api-client';
import { queryClient } from './query-client';
import { useAuthStore } from './auth-store';
import { useAppConfig } from './app-config';

const SUMMARY = {
  month: '2026-11',
  date: '2026-11-10',
  stops: 2,
  pickups: 0,
  unassigned: 1,
  out: 0,
  delivered: 1,
  notDelivered: 1,
  drivers: [],
};

/** What fetch resolves to, as far as the request path reads it (jsdom has no Response). */
function reply(status: number, body: unknown) {
  return { ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) };
}

function Summary({ month }: { month: string }) {
  const summary = useQuery(apiQuery(STAFF_ROUTES.daySummary, { query: { month } }));
  if (summary.error) return <p>Failed: {summary.error.message}</p>;
  return <p>{summary.data ? `Stops in ${summary.data.month}: ${summary.data.stops}` : 'Loading'}</p>;
}

describe('a read of the route table as a query', () => {
  const signOut = jest.fn(async () => undefined);
  let fetchMock: jest.Mock;

  beforeEach(() => {
    queryClient.clear();
    signOut.mockClear();
    useAppConfig.setState({ config: null });
    useAuthStore.setState({ getIdToken: async () => 'token-123', signOut });
    fetchMock = jest.fn();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('asks the route with the query and the staff sign-in, parses the reply, and answers every screen part showing it from one request', async () => {
    fetchMock.mockResolvedValue(reply(200, SUMMARY));
    render(
      <ServerState>
        <Summary month="2026-11" />
        <Summary month="2026-11" />
      </ServerState>,
    );
    expect(await screen.findAllByText('Stops in 2026-11: 2')).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/day-summary?month=2026-11',
      expect.objectContaining({ method: 'GET', headers: expect.objectContaining({ Authorization: 'Bearer token-123' }) }),
    );
    expect(queryClient.getQueryData(apiKey(STAFF_ROUTES.daySummary, { query: { month: '2026-11' } }))).toMatchObject({ stops: 2 });
  });

  it('asks a public route with no sign-in', async () => {
    fetchMock.mockResolvedValue(reply(200, []));
    await queryClient.fetchQuery(apiQuery(PUBLIC_ROUTES.upcomingDeliveries));
    expect(fetchMock.mock.calls[0]![1].headers).not.toHaveProperty('Authorization');
  });

  it('ends the session on a 401 and shows the refusal, asking once', async () => {
    fetchMock.mockResolvedValue(reply(401, { error: 'unauthenticated', message: 'This account has been disabled.' }));
    render(
      <ServerState>
        <Summary month="2026-11" />
      </ServerState>,
    );
    expect(await screen.findByText('Failed: This account has been disabled.')).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails with the page-updated error, once, for a reply its schema refuses', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(reply(200, { ...SUMMARY, stops: 'two' }));
    const error = await queryClient.fetchQuery(apiQuery(STAFF_ROUTES.daySummary, { query: { month: '2026-11' } })).catch((e: unknown) => e);
    expect(isUnreadableReply(error)).toBe(true);
    expect(error).toMatchObject({ message: MESSAGES.pageUpdated, route: 'GET /api/day-summary' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads a 503 again through the request path and shows the answer that followed', async () => {
    fetchMock
      .mockResolvedValueOnce(reply(503, { error: 'unavailable', message: 'briefly unavailable' }))
      .mockResolvedValueOnce(reply(200, SUMMARY));
    render(
      <ServerState>
        <Summary month="2026-11" />
      </ServerState>,
    );
    expect(await screen.findByText('Stops in 2026-11: 2')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("forgets every answer when the sign-in ends or changes, never another person's; keeps them when a sign-in is restored", async () => {
    fetchMock.mockResolvedValue(reply(200, SUMMARY));
    useAuthStore.setState({ user: null, status: 'loading' });
    await queryClient.fetchQuery(apiQuery(STAFF_ROUTES.daySummary, { query: { month: '2026-11' } }));
    useAuthStore.setState({ user: { uid: 'ana' } as never });
    useAuthStore.setState({ status: 'signed-in' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    useAuthStore.setState({ user: { uid: 'bo' } as never });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    await queryClient.fetchQuery(apiQuery(STAFF_ROUTES.daySummary, { query: { month: '2026-11' } }));
    useAuthStore.setState({ user: null, status: 'signed-out' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
