exports.exposes = {
  './Users': './src/screens/UsersPage.tsx',
};
