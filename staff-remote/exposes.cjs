exports.exposes = {
  './Dashboard': './src/screens/DashboardPage.tsx',
  './MyDeliveries': './src/screens/MyDeliveriesPage.tsx',
  './Forecast': './src/screens/ForecastPage.tsx',
};
