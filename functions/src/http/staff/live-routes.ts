import type { LiveEvent } from '@blooms/shared/contract/live';
import type { ChangeFeed } from '../../services/change-feed';
import { callerOf, type StaffScope } from '../access';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/live: a server-sent event stream of every change staff screens show. The client
 * reconnects when it drops and reloads what it shows, so nothing is missed.
 */
export function registerLiveRoutes(staff: StaffScope, feed: ChangeFeed) {
  const open = new Set<() => void>();
  // On shutdown every stream is ended, so the server can close and each screen reconnects
  // (to another instance, or to this one once restarted) and reloads what it shows.
  staff.addHook('preClose', async () => {
    for (const end of open) end();
  });

  staff.get('/api/live', async (request, reply) => {
    const caller = callerOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (event: LiveEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.write(': connected\n\n');

    const unsubscribe = feed.subscribe((event) => {
      send(event);
      // A removed person's screens are told, then cut off: their next request is refused anyway.
      if (event.type === 'users-changed' && event.removedEmail === caller.email) res.end();
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const end = () => res.end();
    open.add(end);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
    };
    request.raw.on('close', close);
    res.on('close', close);
  });
}
