// The screens this remote serves; the host maps routes to these names.
exports.exposes = {
  './Home': './src/screens/HomePage.tsx',
  './HowItWorks': './src/screens/HowItWorksPage.tsx',
  './SeasonalCollections': './src/screens/SeasonalCollectionsPage.tsx',
  './Faq': './src/screens/FaqPage.tsx',
  './About': './src/screens/AboutPage.tsx',
  './PrivacyPolicy': './src/screens/PrivacyPolicyPage.tsx',
  './TermsOfService': './src/screens/TermsOfServicePage.tsx',
};
