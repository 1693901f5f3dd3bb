const { markdownModule } = require('./markdown-module.cjs');

/** webpack: `import text from './page.md'` gives { draft, html }. */
module.exports = function markdownLoader(source) {
  return `export default ${JSON.stringify(markdownModule(source, this.resourcePath))};`;
};
