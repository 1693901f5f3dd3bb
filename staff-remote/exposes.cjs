exports.exposes = {
  './Dashboard': './src/screens/DashboardPage.tsx',
  './MyDeliveries': './src/screens/MyDeliveriesPage.tsx',
};
