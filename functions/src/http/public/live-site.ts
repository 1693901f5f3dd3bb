import { REMOTE_NAMES, type RemoteName } from '@blooms/shared/contract/remotes';
import { LIVE_FILE, pinnedVersion, versionFolder } from '@blooms/shared/contract/releases';
import { LEGACY_REMOTE_ROUTES, type RemoteRoute } from '@blooms/shared/contract/routes';
import { manifestFacts, siteRoutes, type RemoteManifestFacts } from '@blooms/shared/contract/site-routes';
import { hostedAppFiles, jsonReader, remoteBaseUrl, type AppFiles, type AppName } from './page-html';

const MANIFEST = 'mf-manifest.json';

/** A remote's build that is live: the version pinned in its live.json, or its latest build. */
export interface LiveRemote {
  /** null: nothing pinned, its latest build. */
  version: string | null;
  /** Where its live files are under its site: '' or versions/<version>/. */
  folder: string;
  /** Its live mf-manifest.json's URL, as the browser asks for it. */
  manifestUrl: string;
}

/** What is live together on the site now: each remote's build, and the routes they serve. */
export interface LiveSite {
  remotes: Record<RemoteName, LiveRemote>;
  routes: RemoteRoute[];
}

/** The live manifest URL of each remote, as app-config.json and the pages name them. */
export function manifestUrls(live: LiveSite): Record<RemoteName, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, live.remotes[name].manifestUrl])) as Record<RemoteName, string>;
}

/** Without the apps' files (an API-only server) the configured remotes, each its latest build, with the routes from before. */
export function configuredSite(configured: Record<RemoteName, string>): LiveSite {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { version: null, folder: '', manifestUrl: configured[name] }]),
  ) as Record<RemoteName, LiveRemote>;
  return { remotes, routes: LEGACY_REMOTE_ROUTES.map((route) => ({ ...route })) };
}

/**
 * For a server without the apps' files (the API alone, `pnpm dev`): the remotes' own sites
 * where their manifests are absolute URLs (dev servers, remotes served elsewhere), kept 2 s;
 * null when none is.
 */
export function remoteSiteFiles(configured: Record<RemoteName, string>): AppFiles | null {
  const absolute = REMOTE_NAMES.filter((name) => /^https?:\/\//.test(configured[name]));
  if (absolute.length === 0) return null;
  const bases = Object.fromEntries(absolute.map((name) => [name, remoteBaseUrl(configured[name])])) as Record<AppName, string>;
  const sites = hostedAppFiles(bases, { maxAgeMs: 2000, pageTemplate: '' });
  return { pageTemplate: '', read: async (app, file) => (absolute.includes(app as RemoteName) ? sites.read(app, file) : null) };
}

/**
 * Reads what is live from the remotes' sites on every call (the files are kept by their
 * source: on disk until they change, from Hosting for a few seconds), so a remote shipped,
 * pinned or rolled back alone is live at the next page load. `report` hears each new set of
 * problems (a pin to a version that is not there, routes to modules a build does not expose).
 */
export function liveSiteReader(
  files: AppFiles | null,
  configured: Record<RemoteName, string>,
  report: (problems: string[]) => void,
): () => Promise<LiveSite> {
  if (!files) {
    const site = configuredSite(configured);
    return async () => site;
  }
  const json = jsonReader();
  let reported = '';

  async function readRemote(name: RemoteName, problems: string[]): Promise<{ live: LiveRemote; facts: RemoteManifestFacts | null }> {
    const latest = { version: null, folder: '', manifestUrl: configured[name] };
    try {
      const pin = await files!.read(name, LIVE_FILE);
      const version = pinnedVersion(pin);
      if (pin !== null && version === null) problems.push(`${name}: ${LIVE_FILE} is unreadable; its latest build is live`);
      let live: LiveRemote = latest;
      let manifest = await files!.read(name, `${versionFolder(version)}${MANIFEST}`);
      if (version !== null && manifest === null) {
        problems.push(`${name}: the pinned version ${version} is not on its site; its latest build is live`);
        manifest = await files!.read(name, MANIFEST);
      } else if (version !== null) {
        const folder = versionFolder(version);
        live = { version, folder, manifestUrl: `${remoteBaseUrl(configured[name])}${folder}${MANIFEST}` };
      }
      const parsed = json<Parameters<typeof manifestFacts>[0]>(`${name}/${live.folder}`, manifest);
      return { live, facts: parsed ? manifestFacts(parsed) : null };
    } catch (error) {
      problems.push(`${name}: its manifest could not be read (${(error as Error).message})`);
      return { live: latest, facts: null };
    }
  }

  return async () => {
    const problems: string[] = [];
    const read = await Promise.all(REMOTE_NAMES.map((name) => readRemote(name, problems)));
    const { routes, problems: routeProblems } = siteRoutes(
      Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, read[i]!.facts])) as Record<RemoteName, RemoteManifestFacts | null>,
    );
    problems.push(...routeProblems);
    const text = problems.join('\n');
    if (text !== reported) {
      reported = text;
      if (problems.length > 0) report(problems);
    }
    return { remotes: Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, read[i]!.live])) as Record<RemoteName, LiveRemote>, routes };
  };
}
