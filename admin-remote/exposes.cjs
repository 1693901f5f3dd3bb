exports.exposes = {
  './Users': './src/screens/UsersPage.tsx',
  './SubscriptionHistory': './src/screens/SubscriptionHistoryPage.tsx',
  './BusinessFigures': './src/screens/BusinessFiguresPage.tsx',
};
