// A test file may switch itself to the node environment with a docblock.
if (typeof window !== 'undefined') {
  require(require.resolve('@testing-library/jest-dom', { paths: [process.cwd()] }));
  // jsdom has no layout or scrolling: make scrollTo observable instead of a "not implemented" error.
  window.scrollTo = jest.fn();
}
