const { markdownModule } = require('../content/markdown-module.cjs');

/** jest: the same { draft, html } module the webpack loader makes. */
module.exports = {
  process(source, file) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(markdownModule(source, file))} };` };
  },
};
