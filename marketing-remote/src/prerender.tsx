import type { ComponentType } from 'react';
import { prerenderRemote } from '@blooms/shared/ui/prerender';
import { screens } from '../exposes.cjs';
import HomePage from './screens/HomePage';
import HowItWorksPage from './screens/HowItWorksPage';
import SeasonalCollectionsPage from './screens/SeasonalCollectionsPage';
import FaqPage from './screens/FaqPage';
import AboutPage from './screens/AboutPage';
import GiftsPage from './screens/GiftsPage';
import PrivacyPolicyPage from './screens/PrivacyPolicyPage';
import TermsOfServicePage from './screens/TermsOfServicePage';

declare const __webpack_public_path__: string;

/** Every screen this remote exposes (exposes.cjs) is public and the same for every visitor. */
export const PRERENDERED_SCREENS: Record<string, ComponentType> = {
  Home: HomePage,
  HowItWorks: HowItWorksPage,
  SeasonalCollections: SeasonalCollectionsPage,
  Faq: FaqPage,
  About: AboutPage,
  Gifts: GiftsPage,
  PrivacyPolicy: PrivacyPolicyPage,
  TermsOfService: TermsOfServicePage,
};

/** Run at build time (scripts/webpack/prerender-config.cjs). */
export const prerender = () => prerenderRemote(screens, PRERENDERED_SCREENS, __webpack_public_path__);
