import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FONTS, FONTS_DIR, makeFont, unicodeRange } from './make-fonts.mjs';

const fontsCss = fs.readFileSync(path.join(FONTS_DIR, '..', '..', 'app', 'fonts.css'), 'utf8');

test('the committed font files are what make-fonts makes from the brand fonts now', async () => {
  for (const font of FONTS) {
    const committed = fs.readFileSync(path.join(FONTS_DIR, font.file));
    assert.ok((await makeFont(font)).equals(committed), `${font.file} is out of date: run node scripts/fonts/make-fonts.mjs`);
  }
});

test('fonts.css promises the browser exactly the characters the files hold, so others go to the fallback', () => {
  const faces = [...fontsCss.matchAll(/@font-face \{[^}]*?url\('\.\.\/assets\/fonts\/([^']+)'\)[^}]*?unicode-range: ([^;]+);/g)];
  assert.deepEqual(faces.map((face) => face[1]).sort(), FONTS.map((font) => font.file).sort());
  for (const face of faces) assert.equal(face[2], unicodeRange(), face[1]);
});
