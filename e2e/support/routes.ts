import { createRequire } from 'node:module';
import { REMOTE_NAMES, remotePackage } from '@blooms/shared/contract/remotes';
import type { DeclaredRoute } from '@blooms/shared/contract/routes';

const require = createRequire(__filename);

/** Every page the remotes of this checkout declare (each remote's exposes.cjs), in the site's order. */
export const DECLARED_ROUTES: DeclaredRoute[] = REMOTE_NAMES.flatMap(
  (name) => (require(`../../${remotePackage(name)}/exposes.cjs`) as { screens: DeclaredRoute[] }).screens,
);
