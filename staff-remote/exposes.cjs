// The screens this remote serves: each at its path, with who may open it and its label in the
// staff navigation. The build exposes each file under its module name and writes the routes
// into mf-manifest.json, from which the host mounts them at run time (docs/releases.md): a
// screen added here needs no host release.
exports.screens = [
  { path: '/dashboard', module: 'Dashboard', file: './src/screens/DashboardPage.tsx', access: 'staff', nav: 'Today' },
  {
    path: '/my-deliveries',
    module: 'MyDeliveries',
    file: './src/screens/MyDeliveriesPage.tsx',
    access: 'staff',
    nav: 'My Deliveries',
    // Drivers reopen it on the road: it draws the stops kept on the phone while the sign-in is checked.
    opensWhileChecking: true,
    opensWith: '/api/my-deliveries/start',
  },
  { path: '/forecast', module: 'Forecast', file: './src/screens/ForecastPage.tsx', access: 'staff', nav: 'Forecast' },
];
