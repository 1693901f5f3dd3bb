import { createRequire } from 'node:module';
import path from 'node:path';
import { REMOTE_NAMES, remotePackage, type RemoteName } from '@blooms/shared/contract/remotes';
import type { DeclaredRoute } from '@blooms/shared/contract/routes';
import { siteRoutes, type RemoteManifestFacts } from '@blooms/shared/contract/site-routes';
import { REPO_ROOT } from '../src/config';

const requireFile = createRequire(__filename);

/** Each remote's exposes.cjs, as its build writes it into its manifest: the routes, and the modules exposed. */
function declaredFacts(): Record<RemoteName, RemoteManifestFacts> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const { screens } = requireFile(path.join(REPO_ROOT, remotePackage(name), 'exposes.cjs')) as {
        screens: (DeclaredRoute & { file: string })[];
      };
      const routes = screens.map(({ file: _file, ...route }) => route);
      return [name, { exposes: screens.map((screen) => screen.module), routes }];
    }),
  ) as Record<RemoteName, RemoteManifestFacts>;
}

describe("the remotes' declared screens", () => {
  it("are all mounted as they are declared: valid routes, each path one remote's, none the host's", () => {
    const facts = declaredFacts();
    const { routes, problems } = siteRoutes(facts);
    expect(problems).toEqual([]);
    expect(routes.length).toBe(REMOTE_NAMES.reduce((count, name) => count + (facts[name].routes as unknown[]).length, 0));
  });
});
