#!/usr/bin/env node
// Draws the site's original botanical illustrations as SVG files, one palette per season.
// Deterministic: the same script always draws the same pictures. Run: node scripts/make-art.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'marketing-remote', 'src', 'assets', 'art');
fs.mkdirSync(out, { recursive: true });

const SEASONS = {
  spring: { bg: '#f4efe6', petals: ['#f2a7b8', '#f7c8d2', '#e27d96', '#fbe3e8'], centre: '#f3c94b', leaf: '#7aa36b', vase: '#b9d3dc' },
  summer: { bg: '#fbf3e1', petals: ['#f6b93b', '#f58f52', '#e8575a', '#ffd98a'], centre: '#6b3f1d', leaf: '#5f8f4e', vase: '#e3c7a1' },
  fall: { bg: '#f5ebe0', petals: ['#c8553d', '#e08e45', '#a23e48', '#f2c078'], centre: '#4a2c1d', leaf: '#8a7f3a', vase: '#a67b5b' },
  winter: { bg: '#eef1f4', petals: ['#ffffff', '#c9d6df', '#b3122e', '#e6e9ef'], centre: '#d4af37', leaf: '#2f5d50', vase: '#8fa3b3' },
  home: { bg: '#fdf6ef', petals: ['#8a3b57', '#d9779a', '#f2b5c6', '#e9b949'], centre: '#f3d27a', leaf: '#5c7f52', vase: '#c9b8a6' },
};

/** A small seeded random, so the drawings never change between runs. */
function random(seed) {
  let s = seed;
  return () => ((s = (s * 1664525 + 1013904223) % 4294967296) / 4294967296);
}

function flower(cx, cy, r, petals, colour, centre, rot) {
  const shapes = [];
  for (let i = 0; i < petals; i++) {
    const a = rot + (i * 360) / petals;
    shapes.push(`<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${(r * 0.32).toFixed(1)}" ry="${(r * 0.58).toFixed(1)}" fill="${colour}" transform="rotate(${a.toFixed(1)} ${cx} ${cy})"/>`);
  }
  shapes.push(`<circle cx="${cx}" cy="${cy}" r="${(r * 0.28).toFixed(1)}" fill="${centre}"/>`);
  return shapes.join('');
}

function leaf(x, y, len, angle, colour) {
  return `<path d="M0 0 C ${len * 0.35} ${-len * 0.3}, ${len * 0.7} ${-len * 0.25}, ${len} 0 C ${len * 0.7} ${len * 0.25}, ${len * 0.35} ${len * 0.3}, 0 0 Z" fill="${colour}" transform="translate(${x} ${y}) rotate(${angle})"/>`;
}

/** A vase arrangement (kind 'bouquet') or a close-up of blooms (kind 'detail'). */
function drawing({ season, kind, seed, width, height, title }) {
  const p = SEASONS[season];
  const rnd = random(seed);
  const parts = [`<rect width="${width}" height="${height}" fill="${p.bg}"/>`];
  if (kind === 'bouquet') {
    const vx = width / 2;
    const vy = height * 0.62;
    for (let i = 0; i < 9; i++) {
      const x = vx + (rnd() - 0.5) * width * 0.5;
      const y = height * (0.18 + rnd() * 0.32);
      parts.push(`<path d="M${vx} ${vy} Q ${(vx + x) / 2 + (rnd() - 0.5) * 40} ${(vy + y) / 2} ${x.toFixed(1)} ${y.toFixed(1)}" stroke="${p.leaf}" stroke-width="4" fill="none"/>`);
      parts.push(leaf((vx + x) / 2, (vy + y) / 2, 34 + rnd() * 20, rnd() * 360, p.leaf));
    }
    for (let i = 0; i < 9; i++) {
      const x = vx + (rnd() - 0.5) * width * 0.52;
      const y = height * (0.16 + rnd() * 0.34);
      parts.push(flower(x.toFixed(1), y.toFixed(1), 26 + rnd() * 22, 5 + Math.floor(rnd() * 4), p.petals[i % p.petals.length], p.centre, rnd() * 90));
    }
    parts.push(`<path d="M${vx - 70} ${vy} L${vx + 70} ${vy} L${vx + 52} ${height * 0.94} Q ${vx} ${height * 0.98} ${vx - 52} ${height * 0.94} Z" fill="${p.vase}"/>`);
    parts.push(`<ellipse cx="${vx}" cy="${vy}" rx="70" ry="12" fill="${p.vase}" opacity="0.7"/>`);
  } else {
    for (let i = 0; i < 14; i++) parts.push(leaf(rnd() * width, rnd() * height, 40 + rnd() * 40, rnd() * 360, p.leaf));
    for (let i = 0; i < 11; i++) {
      parts.push(flower((rnd() * width).toFixed(1), (rnd() * height).toFixed(1), 30 + rnd() * 40, 5 + Math.floor(rnd() * 5), p.petals[i % p.petals.length], p.centre, rnd() * 90));
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}"><title>${title}</title>${parts.join('')}</svg>\n`;
}

const files = [];
for (const season of ['spring', 'summer', 'fall', 'winter']) {
  files.push({ name: `${season}-main`, season, kind: 'bouquet', width: 600, height: 600, title: `A ${season} arrangement in a vase` });
  for (let i = 1; i <= 3; i++) files.push({ name: `${season}-detail-${i}`, season, kind: 'detail', width: 400, height: 300, title: `${season} blooms, close up` });
}
files.push({ name: 'hero', season: 'home', kind: 'bouquet', width: 640, height: 640, title: 'A hand-made arrangement in a vase' });
files.push({ name: 'studio', season: 'home', kind: 'detail', width: 600, height: 400, title: 'Flowers on the studio table' });

files.forEach((file, i) => fs.writeFileSync(path.join(out, `${file.name}.svg`), drawing({ ...file, seed: 1000 + i * 97 })));
console.log(`wrote ${files.length} illustrations to ${path.relative(process.cwd(), out)}`);
