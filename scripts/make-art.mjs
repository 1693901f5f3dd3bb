#!/usr/bin/env node
// Draws the site's original botanical illustrations as SVG files, one palette per season.
// Deterministic: the same script always draws the same pictures. Run: node scripts/make-art.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'marketing-remote', 'src', 'assets', 'art');
fs.mkdirSync(out, { recursive: true });

const SHARED = { table: '#e8dccd', step: '#d9cbb9', mat: '#9c6b4e', pot: '#c0714f', door: '#8a3b57' };
const SEASONS = {
  spring: {
    ...SHARED,
    bg: '#f4efe6',
    arch: '#eadfcf',
    petals: ['#f2a7b8', '#f7c8d2', '#e27d96', '#fbe3e8'],
    centre: '#f3c94b',
    leaf: '#7aa36b',
    berry: '#f7c8d2',
    vase: '#b9d3dc',
  },
  summer: {
    ...SHARED,
    bg: '#fbf3e1',
    arch: '#f6e6c4',
    petals: ['#f6b93b', '#f58f52', '#e8575a', '#ffd98a'],
    centre: '#6b3f1d',
    leaf: '#5f8f4e',
    berry: '#e8575a',
    vase: '#e3c7a1',
  },
  fall: {
    ...SHARED,
    bg: '#f5ebe0',
    arch: '#ecd9c6',
    petals: ['#c8553d', '#e08e45', '#a23e48', '#f2c078'],
    centre: '#4a2c1d',
    leaf: '#8a7f3a',
    berry: '#6e2a35',
    vase: '#a67b5b',
  },
  winter: {
    ...SHARED,
    bg: '#eef1f4',
    arch: '#dfe5eb',
    petals: ['#ffffff', '#c9d6df', '#b3122e', '#e6e9ef'],
    centre: '#d4af37',
    leaf: '#2f5d50',
    berry: '#b3122e',
    vase: '#8fa3b3',
  },
  home: {
    ...SHARED,
    bg: '#fdf6ef',
    arch: '#f6e4da',
    petals: ['#8a3b57', '#d9779a', '#f2b5c6', '#e9b949'],
    centre: '#f3d27a',
    leaf: '#5c7f52',
    berry: '#d9779a',
    vase: '#c9b8a6',
  },
};

/** A small seeded random, so the drawings never change between runs. */
function random(seed) {
  let s = seed;
  return () => (s = (s * 1664525 + 1013904223) % 4294967296) / 4294967296;
}

/** Petals round a centre (a daisy or cosmos). */
function daisy(cx, cy, r, petals, colour, centre, rot) {
  const shapes = [];
  for (let i = 0; i < petals; i++) {
    const a = rot + (i * 360) / petals;
    shapes.push(
      `<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${(r * 0.32).toFixed(1)}" ry="${(r * 0.58).toFixed(1)}" fill="${colour}" transform="rotate(${a.toFixed(1)} ${cx} ${cy})"/>`,
    );
  }
  shapes.push(`<circle cx="${cx}" cy="${cy}" r="${(r * 0.28).toFixed(1)}" fill="${centre}"/>`);
  return shapes.join('');
}

/** Layered rings of petals seen from above (a rose or ranunculus). */
function rose(cx, cy, r, colour, rot) {
  const rings = [1, 0.74, 0.5, 0.28].map((k, i) => {
    const dx = Math.cos((rot + i * 70) * (Math.PI / 180)) * r * 0.06;
    return `<circle cx="${(+cx + dx).toFixed(1)}" cy="${(+cy + dx).toFixed(1)}" r="${(r * k).toFixed(1)}" fill="${colour}" stroke="#00000018" stroke-width="${(r * 0.05).toFixed(1)}"/>`;
  });
  return `<g>${rings.join('')}</g>`;
}

/** A cupped flower from the side (a tulip), pointing up its stem. */
function tulip(cx, cy, r, colour, rot) {
  const w = r * 0.8;
  const h = r * 1.1;
  return `<g transform="translate(${cx} ${cy}) rotate(${(rot / 4 - 10).toFixed(1)})"><path d="M${-w} ${-h * 0.2} Q ${-w} ${h * 0.6} 0 ${h * 0.6} Q ${w} ${h * 0.6} ${w} ${-h * 0.2} L ${w * 0.45} ${h * 0.05} L 0 ${-h * 0.45} L ${-w * 0.45} ${h * 0.05} Z" fill="${colour}"/><path d="M${-w * 0.45} ${h * 0.05} L 0 ${-h * 0.45} L ${w * 0.45} ${h * 0.05} Q 0 ${h * 0.35} ${-w * 0.45} ${h * 0.05} Z" fill="#ffffff30"/></g>`;
}

/** One of the three flower kinds, chosen by the drawing's own random sequence. */
function flower(rnd, cx, cy, r, colour, centre, rot) {
  const kind = rnd();
  if (kind < 0.5) return daisy(cx, cy, r, 5 + Math.floor(rnd() * 4), colour, centre, rot);
  if (kind < 0.8) return rose(cx, cy, r * 0.8, colour, rot);
  return tulip(cx, cy, r * 0.8, colour, rot);
}

function leaf(x, y, len, angle, colour) {
  return `<path d="M0 0 C ${len * 0.35} ${-len * 0.3}, ${len * 0.7} ${-len * 0.25}, ${len} 0 C ${len * 0.7} ${len * 0.25}, ${len * 0.35} ${len * 0.3}, 0 0 Z" fill="${colour}" transform="translate(${x} ${y}) rotate(${angle})"/>`;
}

/** A thin stem with berries or buds along it (filler). */
function sprig(x0, y0, x1, y1, stem, berry) {
  const parts = [`<path d="M${x0} ${y0} L ${x1.toFixed(1)} ${y1.toFixed(1)}" stroke="${stem}" stroke-width="2" fill="none"/>`];
  for (let i = 1; i <= 4; i++) {
    const t = 0.55 + i * 0.11;
    parts.push(
      `<circle cx="${(x0 + (x1 - x0) * t).toFixed(1)}" cy="${(y0 + (y1 - y0) * t).toFixed(1)}" r="${(3 + i).toFixed(1)}" fill="${berry}"/>`,
    );
  }
  return parts.join('');
}

/** What the season adds around the flowers. */
function seasonalAccents(season, rnd, width, height, p) {
  const parts = [];
  if (season === 'spring') {
    for (let i = 0; i < 10; i++)
      parts.push(
        `<ellipse cx="${(rnd() * width).toFixed(1)}" cy="${(rnd() * height * 0.55).toFixed(1)}" rx="5" ry="9" fill="${p.petals[i % 2]}" opacity="0.7" transform="rotate(${(rnd() * 180).toFixed(0)} ${(rnd() * width).toFixed(0)} 0)"/>`,
      );
  } else if (season === 'summer') {
    parts.push(`<circle cx="${width * 0.84}" cy="${height * 0.15}" r="${width * 0.08}" fill="#ffd98a" opacity="0.8"/>`);
  } else if (season === 'fall') {
    for (let i = 0; i < 8; i++)
      parts.push(
        leaf(
          (rnd() * width).toFixed(1),
          (height * (0.05 + rnd() * 0.85)).toFixed(1),
          18 + rnd() * 10,
          rnd() * 360,
          p.petals[i % p.petals.length],
        ),
      );
  } else if (season === 'winter') {
    for (let i = 0; i < 26; i++)
      parts.push(
        `<circle cx="${(rnd() * width).toFixed(1)}" cy="${(rnd() * height).toFixed(1)}" r="${(1.5 + rnd() * 3).toFixed(1)}" fill="#ffffff" opacity="0.9"/>`,
      );
  }
  return parts.join('');
}

/** Flowers, leaves and filler in a vase standing at (vx, vy), scaled by k. */
function bouquet(p, rnd, vx, vy, spread, top, k) {
  const parts = [];
  for (let i = 0; i < 9; i++) {
    const x = vx + (rnd() - 0.5) * spread;
    const y = top + rnd() * (vy - top) * 0.55;
    parts.push(
      `<path d="M${vx} ${vy} Q ${((vx + x) / 2 + (rnd() - 0.5) * 40 * k).toFixed(1)} ${((vy + y) / 2).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}" stroke="${p.leaf}" stroke-width="${(4 * k).toFixed(1)}" fill="none"/>`,
    );
    parts.push(leaf(((vx + x) / 2).toFixed(1), ((vy + y) / 2).toFixed(1), (34 + rnd() * 20) * k, rnd() * 360, p.leaf));
  }
  for (let i = 0; i < 4; i++) {
    const x = vx + (rnd() - 0.5) * spread * 1.1;
    const y = top + rnd() * (vy - top) * 0.4;
    parts.push(sprig(vx, vy, x, y, p.leaf, p.berry));
  }
  for (let i = 0; i < 9; i++) {
    const x = vx + (rnd() - 0.5) * spread * 1.04;
    const y = top + rnd() * (vy - top) * 0.6;
    parts.push(flower(rnd, x.toFixed(1), y.toFixed(1), (26 + rnd() * 22) * k, p.petals[i % p.petals.length], p.centre, rnd() * 90));
  }
  const w = 70 * k;
  const h = (vy - top) * 0.62;
  parts.push(
    `<path d="M${vx - w} ${vy} L${vx + w} ${vy} L${vx + w * 0.74} ${vy + h} Q ${vx} ${vy + h * 1.06} ${vx - w * 0.74} ${vy + h} Z" fill="${p.vase}"/>`,
  );
  parts.push(
    `<path d="M${vx - w * 0.55} ${vy + h * 0.08} L${vx - w * 0.4} ${vy + h * 0.9}" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${(8 * k).toFixed(1)}" stroke-linecap="round"/>`,
  );
  parts.push(`<ellipse cx="${vx}" cy="${vy}" rx="${w}" ry="${12 * k}" fill="${p.vase}" opacity="0.7"/>`);
  return parts.join('');
}

/**
 * A vase arrangement ('bouquet'), a close-up of blooms ('detail'), or the arrangement left
 * at a front door ('doorstep').
 */
function drawing({ season, kind, seed, width, height, title }) {
  const p = SEASONS[season];
  const rnd = random(seed);
  const parts = [`<rect width="${width}" height="${height}" fill="${p.bg}"/>`];
  if (kind === 'bouquet') {
    // A soft arch behind the vase, and the table it stands on.
    parts.push(
      `<path d="M${width * 0.16} ${height} V ${height * 0.42} A ${width * 0.34} ${width * 0.34} 0 0 1 ${width * 0.84} ${height * 0.42} V ${height} Z" fill="${p.arch}"/>`,
    );
    parts.push(seasonalAccents(season, rnd, width, height, p));
    parts.push(`<rect y="${height * 0.93}" width="${width}" height="${height * 0.07}" fill="${p.table}"/>`);
    parts.push(`<ellipse cx="${width / 2}" cy="${height * 0.935}" rx="${width * 0.16}" ry="${height * 0.018}" fill="#00000022"/>`);
    parts.push(bouquet(p, rnd, width / 2, height * 0.62, width * 0.5, height * 0.16, 1));
  } else if (kind === 'doorstep') {
    const door = { x: width * 0.3, y: height * 0.08, w: width * 0.3, h: height * 0.74 };
    parts.push(`<rect x="${door.x - 14}" y="${door.y - 14}" width="${door.w + 28}" height="${door.h + 14}" fill="${p.arch}"/>`);
    parts.push(`<rect x="${door.x}" y="${door.y}" width="${door.w}" height="${door.h}" rx="4" fill="${p.door}"/>`);
    for (const [dx, dy, dh] of [
      [0.14, 0.08, 0.36],
      [0.56, 0.08, 0.36],
      [0.14, 0.52, 0.4],
      [0.56, 0.52, 0.4],
    ]) {
      parts.push(
        `<rect x="${(door.x + door.w * dx).toFixed(1)}" y="${(door.y + door.h * dy).toFixed(1)}" width="${(door.w * 0.3).toFixed(1)}" height="${(door.h * dh).toFixed(1)}" rx="3" fill="#00000014"/>`,
      );
    }
    parts.push(`<circle cx="${door.x + door.w * 0.86}" cy="${door.y + door.h * 0.52}" r="6" fill="${p.centre}"/>`);
    parts.push(
      `<rect x="${door.x + door.w * 0.38}" y="${door.y + door.h * 0.02}" width="${door.w * 0.24}" height="18" rx="3" fill="#ffffff" opacity="0.8"/>`,
    );
    parts.push(`<rect y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="${p.table}"/>`);
    parts.push(`<rect x="${width * 0.22}" y="${height * 0.82}" width="${width * 0.46}" height="${height * 0.06}" fill="${p.step}"/>`);
    parts.push(`<rect x="${door.x + 10}" y="${height * 0.88}" width="${door.w - 20}" height="${height * 0.05}" rx="4" fill="${p.mat}"/>`);
    // A potted plant by the door, and the delivery on the step.
    parts.push(
      `<path d="M${width * 0.1} ${height * 0.82} L${width * 0.2} ${height * 0.82} L${width * 0.185} ${height * 0.7} L${width * 0.115} ${height * 0.7} Z" fill="${p.pot}"/>`,
    );
    for (let i = 0; i < 7; i++)
      parts.push(leaf((width * 0.15).toFixed(1), (height * 0.7).toFixed(1), 26 + rnd() * 16, 200 + i * 20, p.leaf));
    parts.push(bouquet(p, rnd, width * 0.75, height * 0.615, width * 0.26, height * 0.26, 0.6));
  } else {
    for (let i = 0; i < 14; i++) parts.push(leaf(rnd() * width, rnd() * height, 40 + rnd() * 40, rnd() * 360, p.leaf));
    for (let i = 0; i < 5; i++) parts.push(sprig(rnd() * width, rnd() * height, rnd() * width, rnd() * height, p.leaf, p.berry));
    for (let i = 0; i < 11; i++) {
      parts.push(
        flower(
          rnd,
          (rnd() * width).toFixed(1),
          (rnd() * height).toFixed(1),
          30 + rnd() * 40,
          p.petals[i % p.petals.length],
          p.centre,
          rnd() * 90,
        ),
      );
    }
    parts.push(seasonalAccents(season, rnd, width, height, p));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}"><title>${title}</title>${parts.join('')}</svg>\n`;
}

const files = [];
for (const season of ['spring', 'summer', 'fall', 'winter']) {
  files.push({ name: `${season}-main`, season, kind: 'bouquet', width: 600, height: 600, title: `A ${season} arrangement in a vase` });
  for (let i = 1; i <= 3; i++)
    files.push({ name: `${season}-detail-${i}`, season, kind: 'detail', width: 400, height: 300, title: `${season} blooms, close up` });
}
files.push({ name: 'hero', season: 'home', kind: 'bouquet', width: 640, height: 640, title: 'A hand-made arrangement in a vase' });
files.push({ name: 'studio', season: 'home', kind: 'detail', width: 600, height: 400, title: 'Flowers on the studio table' });
files.push({ name: 'doorstep', season: 'home', kind: 'doorstep', width: 600, height: 400, title: 'A vase of flowers left on a doorstep' });

files.forEach((file, i) => fs.writeFileSync(path.join(out, `${file.name}.svg`), drawing({ ...file, seed: 1000 + i * 97 })));
console.log(`wrote ${files.length} illustrations to ${path.relative(process.cwd(), out)}`);
