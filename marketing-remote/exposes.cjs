// The screens this remote serves: each at its path, with who may open it. The build exposes
// each file under its module name and writes the routes into mf-manifest.json, from which the
// host mounts them at run time (docs/releases.md): a screen added here needs no host release.
exports.screens = [
  { path: '/', module: 'Home', file: './src/screens/HomePage.tsx', access: 'public' },
  { path: '/how-it-works', module: 'HowItWorks', file: './src/screens/HowItWorksPage.tsx', access: 'public' },
  { path: '/seasonal-collections', module: 'SeasonalCollections', file: './src/screens/SeasonalCollectionsPage.tsx', access: 'public' },
  { path: '/faq', module: 'Faq', file: './src/screens/FaqPage.tsx', access: 'public' },
  { path: '/gifts', module: 'Gifts', file: './src/screens/GiftsPage.tsx', access: 'public' },
  { path: '/about-shelby-floral', module: 'About', file: './src/screens/AboutPage.tsx', access: 'public' },
  { path: '/privacy-policy', module: 'PrivacyPolicy', file: './src/screens/PrivacyPolicyPage.tsx', access: 'public' },
  { path: '/terms-of-service', module: 'TermsOfService', file: './src/screens/TermsOfServicePage.tsx', access: 'public' },
];
