import { Client, type ClientConfig } from 'pg';

// PostgreSQL's codes for a connection lost or refused (class 08, shutdowns) and the drivers' own.
const CONNECTION_LOST = /^(08|57P0[123])|^(ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT)$/;
const CONNECTION_LOST_MESSAGE = /Connection terminated|connection error and is not queryable|Connection ended/i;

/** Whether the error (or one it wraps) is the database connection going away: the request can be retried. */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_LOST.test(code)) return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGE.test(message)) return true;
  }
  return false;
}

/** A dedicated connection for LISTEN that reconnects with backoff when it drops. */
export async function listenWithReconnect(
  connection: ClientConfig,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let client: Client | null = null;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (attempt: number): Promise<void> => {
    const next = new Client(connection);
    // An empty payload is a message too: the e-mail outbox's wake-up carries none.
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      scheduleReconnect(1);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      if (attempt > 0) onReconnect();
    } catch (error) {
      await next.end().catch(() => undefined);
      if (attempt === 0) throw error;
      scheduleReconnect(attempt + 1);
    }
  };
  const scheduleReconnect = (attempt: number) => {
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(attempt), Math.min(200 * 2 ** attempt, 5000));
  };

  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => undefined);
  };
}
