// The screens this remote serves: each at its path, with who may open it. The build exposes
// each file under its module name and writes the routes into mf-manifest.json, from which the
// host mounts them at run time (docs/releases.md): a screen added here needs no host release.
exports.screens = [
  { path: '/subscribe', module: 'Subscribe', file: './src/screens/SubscribePage.tsx', access: 'public' },
  { path: '/confirmation', module: 'Confirmation', file: './src/screens/ConfirmationPage.tsx', access: 'public' },
  { path: '/account', module: 'Account', file: './src/screens/AccountPage.tsx', access: 'public' },
  { path: '/account/receipt', module: 'Receipt', file: './src/screens/ReceiptPage.tsx', access: 'public' },
  { path: '/track', module: 'Track', file: './src/screens/TrackPage.tsx', access: 'public' },
];
