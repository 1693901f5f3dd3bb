exports.exposes = {
  './Subscribe': './src/screens/SubscribePage.tsx',
  './Confirmation': './src/screens/ConfirmationPage.tsx',
  './Account': './src/screens/AccountPage.tsx',
};
