// Owner-editable pages (the legal texts) are Markdown with a small front matter. They are turned
// into HTML when an app is built (webpack) or tested (jest), so no Markdown parser reaches a browser.
const { marked } = require('marked');

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** "draft: true" and the Markdown below it -> { draft, html }. A missing or unclear setting fails the build. */
function markdownModule(source, file) {
  const match = FRONT_MATTER.exec(source);
  const draft = match && /^draft:\s*(true|false)\s*$/m.exec(match[1]);
  if (!draft) throw new Error(`${file}: start the file with front matter saying "draft: true" or "draft: false", between two "---" lines.`);
  const html = marked.parse(source.slice(match[0].length), { async: false, gfm: true });
  return { draft: draft[1] === 'true', html: html.trim() };
}

module.exports = { markdownModule };
