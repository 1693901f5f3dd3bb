import type { FastifyInstance } from 'fastify';
import { SUBSCRIBE_PATH } from '@blooms/shared/contract/routes';

/**
 * Get Started leads from every public page to the subscribe form, and on a slow phone its tap
 * waited on the network for the page. The browser fetches the form's page ahead, as soon as
 * the page it is on has arrived, when the page names these rules in a `Speculation-Rules`
 * header (a header rather than an inline script, so the CSP stays as it is). A navigation
 * then uses that copy; a `<link rel=prefetch>` copy of the same no-cache page was fetched but
 * never used.
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

const RULES = { prefetch: [{ source: 'list', urls: [SUBSCRIBE_PATH] }] };

/** The header value for a prerendered public page, or null where there is nothing to fetch ahead. */
export function speculationRulesHeader(pathname: string): string | null {
  return pathname === SUBSCRIBE_PATH ? null : `"${SPECULATION_RULES_PATH}"`;
}

export function registerSpeculationRules(app: FastifyInstance): void {
  app.get(SPECULATION_RULES_PATH, async (_request, reply) =>
    reply.type('application/speculationrules+json').header('Cache-Control', 'public, max-age=3600').send(JSON.stringify(RULES)),
  );
}
