// The screens this remote serves: each at its path, with who may open it and its label in the
// staff navigation. The build exposes each file under its module name and writes the routes
// into mf-manifest.json, from which the host mounts them at run time (docs/releases.md): a
// screen added here needs no host release.
exports.screens = [
  { path: '/users', module: 'Users', file: './src/screens/UsersPage.tsx', access: 'admin', nav: 'Users' },
  // Reached from the dashboard (historyPageUrl), with ?id=<subscription id>.
  { path: '/subscription-history', module: 'SubscriptionHistory', file: './src/screens/SubscriptionHistoryPage.tsx', access: 'admin' },
  { path: '/figures', module: 'BusinessFigures', file: './src/screens/BusinessFiguresPage.tsx', access: 'admin', nav: 'Figures' },
];
