// react-router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require(require.resolve('@testing-library/jest-dom', { paths: [process.cwd()] }));
// jsdom has no layout or scrolling: make scrollTo observable instead of a "not implemented" error.
window.scrollTo = jest.fn();
