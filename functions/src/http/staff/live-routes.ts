import type { ChangeFeed } from '../../infrastructure/change-feed';
import { sessionStands, type TokenVerifier } from '../../auth/token-verifier';
import { API } from '@blooms/shared/contract/api-routes';
import { callerOf, signInOf, type StaffScope } from '../access';
import { serve } from '../serve';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/live: a server-sent event stream of every change staff screens show. The client
 * reconnects when it drops and reloads what it shows, so nothing is missed.
 */
interface OpenStream {
  uid: string;
  authTime: number;
  end: () => void;
}

export function registerLiveRoutes(staff: StaffScope, feed: ChangeFeed, accounts: { verifier: TokenVerifier; recheckMs: number }) {
  const open = new Set<OpenStream>();

  // A stream outlives the token it was opened with: every recheckMs the accounts behind open
  // streams are looked up, and a disabled, deleted or revoked one's streams end. The screen
  // then reconnects, is refused, and signs the person out.
  const recheck = setInterval(() => {
    if (open.size === 0) return;
    const streams = [...open];
    accounts.verifier
      .accountStates(streams.map((stream) => stream.uid))
      .then((states) => {
        for (const stream of streams) if (!sessionStands(states.get(stream.uid), stream.authTime)) stream.end();
      })
      .catch((error: unknown) => staff.log.warn({ err: error }, 'could not recheck the accounts of open live streams'));
  }, accounts.recheckMs);
  recheck.unref();

  // On shutdown every stream is ended, so the server can close and each screen reconnects
  // (to another instance, or to this one once restarted) and reloads what it shows.
  staff.addHook('preClose', async () => {
    clearInterval(recheck);
    for (const stream of open) stream.end();
  });

  // Each change is framed once and the same bytes go to every open stream.
  let lastFrame: { json: string; bytes: Buffer } | null = null;
  const frameOf = (json: string) => {
    if (lastFrame?.json !== json) lastFrame = { json, bytes: Buffer.from(`data: ${json}\n\n`) };
    return lastFrame.bytes;
  };

  serve(staff, API.live, async (request, reply) => {
    const caller = callerOf(request);
    const { uid, authTime } = signInOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      // What hooks set so far (CORS for the site's origin when the feed is served apart) still goes out.
      ...(reply.getHeaders() as Record<string, string | string[] | number>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');

    const unsubscribe = feed.subscribe((event, json) => {
      res.write(frameOf(json));
      // A removed person's screens are told, then cut off: their next request is refused anyway.
      if (event.type === 'users-changed' && event.removedEmail === caller.email) res.end();
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const stream: OpenStream = { uid, authTime, end: () => res.end() };
    open.add(stream);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
    };
    request.raw.on('close', close);
    res.on('close', close);
  });
}
