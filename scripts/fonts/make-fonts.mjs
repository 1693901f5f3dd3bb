#!/usr/bin/env node
// Makes the site's font files from the brand typefaces' variable fonts (@fontsource-variable):
// one file per weight the CSS uses (a static instance is about half the size of the variable
// file), holding only the characters in FONT_RANGES. Deterministic; the files are committed.
// Run after changing the characters or the weights: node scripts/fonts/make-fonts.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FONTS_DIR = path.join(root, 'host', 'src', 'assets', 'fonts');

/**
 * What the fonts hold, as the unicode-range in host/src/app/fonts.css: ASCII and the
 * typographic punctuation, symbols and arrows the pages use. Anything else (an é in a
 * customer's name) is drawn by the sized fallback font: the accented Latin-1 letters would
 * add 13 KB to every page for text that is rarely on it.
 */
export const FONT_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];
const FRAUNCES = '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2';
const SOURCE_SANS = '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2';

/**
 * Fraunces (headings and every other display use) at 600 only; Source Sans 3 for text at 400
 * and, for buttons, labels and bold, 600. Three small files instead of two variable ones:
 * 31 KB instead of 41 on a page that uses all three.
 */
export const FONTS = [
  { file: 'fraunces-600.woff2', source: FRAUNCES, weight: 600 },
  { file: 'source-sans-3-400.woff2', source: SOURCE_SANS, weight: 400 },
  { file: 'source-sans-3-600.woff2', source: SOURCE_SANS, weight: 600 },
];

/** FONT_RANGES as a CSS unicode-range value. */
export function unicodeRange() {
  const hex = (code) => code.toString(16).toUpperCase().padStart(4, '0');
  return FONT_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(', ');
}

export function fontCharacters() {
  return FONT_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');
}

export async function makeFont({ source, weight }) {
  return subsetFont(fs.readFileSync(require.resolve(source)), fontCharacters(), { targetFormat: 'woff2', variationAxes: { wght: weight } });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(FONTS_DIR, { recursive: true });
  for (const font of FONTS) {
    const data = await makeFont(font);
    fs.writeFileSync(path.join(FONTS_DIR, font.file), data);
    console.log(
      `${font.file}: ${(fs.statSync(require.resolve(font.source)).size / 1024).toFixed(1)} KB -> ${(data.length / 1024).toFixed(1)} KB`,
    );
  }
}
