import REMOTES from './remotes.json';

// The one list of remotes. remotes.json is plain JSON so the webpack configs and the
// scripts (CommonJS and ESM, not TypeScript) read the same list.

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];

/** The folder (and workspace package) of a remote. */
export function remotePackage(name: RemoteName): string {
  return `${name}-remote`;
}
