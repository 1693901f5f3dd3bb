/**
 * How a remote's releases are kept where it is served from (its Hosting site, or its folder
 * of the self-hosted server's releases), written by `pnpm release` (functions/deploy/release.ts)
 * and read by the server (functions/src/http/public/live-site.ts):
 *
 *   mf-manifest.json, remoteEntry.js, ...   its latest build, live while nothing is pinned
 *   versions/<version>/                      each build shipped, kept for pinning and rollback
 *   live.json                                { "version": "<version>" }: the build that is live
 *   releases.json                            every ship, pin and rollback, with what was live after it
 *
 * A version is the build's id (a digest of the sources it was built from), so the same source
 * always makes the same version.
 */
export const LIVE_FILE = 'live.json';
export const RELEASE_LOG_FILE = 'releases.json';
export const VERSIONS_DIR = 'versions';

/** Where a remote's build writes its version in its mf-manifest.json's metaData (scripts/webpack/remote-config.cjs). */
export const MANIFEST_VERSION_KEY = 'buildId';

/** What live.json holds. */
export interface LivePin {
  version: string;
}

/** A version is a build id: letters, digits, - and _ (never a path). */
export const VERSION_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The folder of a version under a remote's site, or '' for its latest build. */
export function versionFolder(version: string | null): string {
  return version === null ? '' : `${VERSIONS_DIR}/${version}/`;
}

/** The pinned version in a live.json's text; null when there is none or it is unreadable. */
export function pinnedVersion(text: string | null): string | null {
  if (text === null) return null;
  try {
    const { version } = JSON.parse(text) as Partial<LivePin>;
    return typeof version === 'string' && VERSION_PATTERN.test(version) ? version : null;
  } catch {
    return null;
  }
}
