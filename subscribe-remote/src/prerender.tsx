import type { ComponentType } from 'react';
import { prerenderRemote } from '@blooms/shared/ui/prerender';
import { screens } from '../exposes.cjs';
import SubscribePage from './screens/SubscribePage';

declare const __webpack_public_path__: string;

/** The empty form; the confirmation page depends on the visitor's checkout, so it is not prerendered. */
export const PRERENDERED_SCREENS: Record<string, ComponentType> = { Subscribe: SubscribePage };

/** Run at build time (scripts/webpack/prerender-config.cjs). */
export const prerender = () => prerenderRemote(screens, PRERENDERED_SCREENS, __webpack_public_path__);
