import assert from 'node:assert/strict';
import test from 'node:test';
import { createRequire } from 'node:module';

const { markdownModule } = createRequire(import.meta.url)('./markdown-module.cjs');

test('reads the draft setting and turns the Markdown into HTML', () => {
  assert.deepEqual(markdownModule('---\ndraft: false\n---\n## Billing\n\nCharged **monthly**.\n', 'terms.md'), {
    draft: false,
    html: '<h2>Billing</h2>\n<p>Charged <strong>monthly</strong>.</p>',
  });
  assert.equal(markdownModule('---\r\ndraft: true\r\n---\r\nText\r\n', 'terms.md').draft, true);
});

test('refuses a file whose draft setting is missing or unclear, naming the file', () => {
  for (const source of ['## No front matter\n', '---\ndraft: maybe\n---\nText\n', '---\ntitle: Terms\n---\nText\n']) {
    assert.throws(
      () => markdownModule(source, 'content/legal/terms.md'),
      /content\/legal\/terms\.md: start the file with front matter saying "draft: true" or "draft: false"/,
    );
  }
});
