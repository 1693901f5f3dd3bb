import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from './remotes';
import { ACCESS_LEVELS, LEGACY_REMOTE_ROUTES, LOGIN_PATH, type DeclaredRoute, type RemoteRoute } from './routes';

/** Where a remote's build writes its routes in its mf-manifest.json (scripts/webpack/remote-config.cjs). */
export const MANIFEST_ROUTES_KEY = 'siteRoutes';

const declaredRouteSchema = z.strictObject({
  path: z.string().regex(/^\/[a-z0-9/-]*$/, 'a path of lower-case letters, digits, - and /'),
  module: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'a module name'),
  access: z.enum(ACCESS_LEVELS as [string, ...string[]]),
  nav: z.string().min(1).max(40).optional(),
  opensWhileChecking: z.boolean().optional(),
  opensWith: z.string().startsWith('/api/').optional(),
});

/** What the server reads from a remote's live mf-manifest.json. */
export interface RemoteManifestFacts {
  /** The names it exposes (`Dashboard`, not `./Dashboard`). */
  exposes: string[];
  /** Its declared routes, as written; undefined for a build from before remotes declared them. */
  routes: unknown;
}

/** The parts of a federation manifest these facts come from. */
interface FederationManifest {
  exposes?: { name?: unknown }[];
  metaData?: Record<string, unknown>;
}

export function manifestFacts(manifest: FederationManifest): RemoteManifestFacts {
  return {
    exposes: (manifest.exposes ?? []).map((expose) => String(expose.name)),
    routes: manifest.metaData?.[MANIFEST_ROUTES_KEY],
  };
}

export interface SiteRoutesResult {
  routes: RemoteRoute[];
  /** What was wrong, each naming the remote, the route and the module: for the server's log. */
  problems: string[];
}

function legacyRoutesOf(remote: RemoteName, facts: RemoteManifestFacts | null, problems: string[]): RemoteRoute[] {
  return LEGACY_REMOTE_ROUTES.filter((route) => route.remote === remote).map((route) => {
    if (!facts || facts.exposes.includes(route.module)) return { ...route };
    problems.push(`${remote}: ${route.path} needs the module ${route.module}, which the ${remote} build that is live does not expose`);
    return { ...route, unavailable: true };
  });
}

function declaredRoutesOf(remote: RemoteName, facts: RemoteManifestFacts, problems: string[]): RemoteRoute[] | null {
  const parsed = z.array(declaredRouteSchema).safeParse(facts.routes);
  if (!parsed.success) {
    problems.push(`${remote}: its manifest's routes are unreadable (${parsed.error.issues[0]?.message}); using the routes from before`);
    return null;
  }
  return (parsed.data as DeclaredRoute[]).map((route) => {
    if (facts.exposes.includes(route.module)) return { ...route, remote };
    problems.push(`${remote}: ${route.path} names the module ${route.module}, which its build does not expose`);
    return { ...route, remote, unavailable: true };
  });
}

/**
 * The site's routes from what each remote's live build declares. A remote whose manifest could
 * not be read (the remote is down) or declares no routes (a build from before) keeps the routes
 * from before (LEGACY_REMOTE_ROUTES); one of those whose module its build does not expose is
 * marked unavailable. A path is the first remote's that claims it (remotes in REMOTE_NAMES
 * order); /login is the host's.
 */
export function siteRoutes(facts: Record<RemoteName, RemoteManifestFacts | null>): SiteRoutesResult {
  const problems: string[] = [];
  const routes: RemoteRoute[] = [];
  const owner = new Map<string, RemoteName | 'host'>([[LOGIN_PATH, 'host']]);
  for (const remote of REMOTE_NAMES) {
    const remoteFacts = facts[remote];
    const declared = remoteFacts?.routes === undefined ? null : declaredRoutesOf(remote, remoteFacts, problems);
    for (const route of declared ?? legacyRoutesOf(remote, remoteFacts, problems)) {
      const taken = owner.get(route.path);
      if (taken) {
        problems.push(`${remote}: ${route.path} is already the ${taken}'s page; ${remote}'s ${route.module} is not mounted there`);
        continue;
      }
      owner.set(route.path, remote);
      routes.push(route);
    }
  }
  return { routes, problems };
}
