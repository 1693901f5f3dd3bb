// A test file may switch itself to the node environment with a docblock.
if (typeof window !== 'undefined') {
  require(require.resolve('@testing-library/jest-dom', { paths: [process.cwd()] }));
  // findBy and waitFor wait up to 5 s for what they look for (Testing Library's default, 1 s, is
  // short for a busy two-core machine, where these suites run beside the backend's): a longer
  // wait only ends later when the page never gets there.
  require(require.resolve('@testing-library/react', { paths: [process.cwd()] })).configure({ asyncUtilTimeout: 5000 });
  // jsdom has no layout or scrolling: make scrollTo observable instead of a "not implemented" error.
  window.scrollTo = jest.fn();
}
