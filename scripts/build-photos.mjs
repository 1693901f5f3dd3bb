#!/usr/bin/env node
// `pnpm photos`: turns the owner's photos in marketing-remote/assets/photos/ into AVIF and
// WebP at several widths in marketing-remote/src/assets/photos/, with an index module the
// pages read. A picture without a photo keeps its illustration.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const WIDTHS = [480, 960, 1440];
const INPUT_TYPES = ['.jpg', '.jpeg', '.png', '.webp'];
/**
 * Each picture's shape (width / height), the same as the illustration it replaces, so a photo
 * fills the frame the page gives it. A photo of another shape is cropped to it from the centre.
 */
export function slotAspect(name) {
  if (name === 'hero' || /^(spring|summer|fall|winter)-main$/.test(name)) return 1;
  if (name === 'studio' || name === 'doorstep') return 3 / 2;
  if (/^(spring|summer|fall|winter)-detail-[1-3]$/.test(name)) return 4 / 3;
  return null;
}

const identifier = (name) => name.replace(/[^a-z0-9]/gi, '_');

export async function buildPhotos(inputDir, outputDir) {
  fs.rmSync(outputDir, { recursive: true, force: true });
  fs.mkdirSync(outputDir, { recursive: true });
  const imports = [];
  const entries = [];
  const skipped = [];
  const files = fs.existsSync(inputDir) ? fs.readdirSync(inputDir).sort() : [];
  for (const file of files) {
    const { name, ext } = path.parse(file);
    if (!INPUT_TYPES.includes(ext.toLowerCase())) continue;
    const aspect = slotAspect(name);
    if (aspect === null) {
      skipped.push(file);
      continue;
    }
    const source = sharp(path.join(inputDir, file)).rotate();
    const metadata = await source.metadata();
    // The largest piece of the photo in the picture's shape (EXIF rotation applied).
    const turned = (metadata.orientation ?? 1) >= 5;
    const [fullWidth, fullHeight] = turned ? [metadata.height, metadata.width] : [metadata.width, metadata.height];
    const width = Math.min(fullWidth, Math.round(fullHeight * aspect));
    const widths = WIDTHS.filter((w) => w <= width);
    if (widths.length === 0) widths.push(width);
    const formats = { avif: [], webp: [] };
    for (const w of widths) {
      for (const format of ['avif', 'webp']) {
        const out = `${name}-${w}.${format}`;
        await source
          .clone()
          .resize({ width: w, height: Math.round(w / aspect), fit: 'cover', position: 'centre' })
          .toFormat(format, { quality: format === 'avif' ? 55 : 75 })
          .toFile(path.join(outputDir, out));
        const id = identifier(`${name}_${w}_${format}`);
        imports.push(`import ${id} from './${out}';`);
        formats[format].push(`[${id}, ${w}]`);
      }
    }
    const h = Math.round(widths.at(-1) / aspect);
    entries.push(
      `  '${name}': { width: ${widths.at(-1)}, height: ${h}, avif: [${formats.avif.join(', ')}], webp: [${formats.webp.join(', ')}] },`,
    );
  }
  const module = `// Written by scripts/build-photos.mjs (pnpm photos) from marketing-remote/assets/photos/. Do not edit.
import type { Photo } from '../../components/photo';
${imports.join('\n')}

export const PHOTOS: Record<string, Photo> = {
${entries.join('\n')}
};
`;
  fs.writeFileSync(path.join(outputDir, 'index.ts'), module);
  return { built: entries.length, skipped };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const remote = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'marketing-remote');
  // Optional arguments: an input and an output folder (tests use their own).
  const [input = path.join(remote, 'assets', 'photos'), output = path.join(remote, 'src', 'assets', 'photos')] = process.argv.slice(2);
  const { built, skipped } = await buildPhotos(input, output);
  console.log(`${built} photo(s) prepared in marketing-remote/src/assets/photos/`);
  if (skipped.length) console.log(`Not used (names must match a picture, see assets/photos/README.md): ${skipped.join(', ')}`);
}
