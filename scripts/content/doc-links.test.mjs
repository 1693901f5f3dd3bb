// Every relative link in the README and docs/ leads somewhere: to a file that exists and, for
// a link with #part, to a heading in it. Docs get split and renamed; a link left pointing at
// the old place is what a newcomer clicks first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../lib/builds.mjs';

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The Markdown outside code blocks and code spans, where a link or heading is really one. */
function prose(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '``');
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of prose(fs.readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const anchor = headingAnchor(heading.replace(/``/g, ''));
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

/** "file: target (why)" for each relative link in these Markdown files that leads nowhere. */
export function brokenLinks(files, root) {
  const broken = [];
  for (const file of files) {
    const text = prose(fs.readFileSync(file, 'utf8')).replace(/``/g, '');
    for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#');
      const linked = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
      const where = `${path.relative(root, file)}: ${target}`;
      if (!fs.existsSync(linked)) broken.push(`${where} (no such file)`);
      else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}

const documents = () => [
  path.join(repoRoot, 'README.md'),
  ...fs
    .readdirSync(path.join(repoRoot, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(repoRoot, 'docs', file)),
];

test('every relative link in the README and docs/ leads to a file, and to a heading in it', () => {
  assert.deepEqual(brokenLinks(documents(), repoRoot), []);
});

test('a link to a missing file or heading is reported; web links and links inside code are not checked', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'doc-links-'));
  try {
    fs.writeFileSync(path.join(dir, 'guide.md'), '# Guide\n\n## Staff: who may do what\n\n```sh\n# not a heading\n```\n');
    fs.writeFileSync(
      path.join(dir, 'README.md'),
      [
        '[ok](guide.md) [ok](guide.md#staff-who-may-do-what) [ok](#readme) [web](https://example.com/x.md)',
        '[gone](old-guide.md) [moved](guide.md#staff) [code heading](guide.md#not-a-heading)',
        '`[in code](nowhere.md)`',
        '# Readme',
      ].join('\n'),
    );
    assert.deepEqual(brokenLinks([path.join(dir, 'README.md')], dir), [
      'README.md: old-guide.md (no such file)',
      'README.md: guide.md#staff (no such heading)',
      'README.md: guide.md#not-a-heading (no such heading)',
    ]);
    assert.equal(headingAnchor('The account, `/account`'.replace(/`/g, '')), 'the-account-account');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
