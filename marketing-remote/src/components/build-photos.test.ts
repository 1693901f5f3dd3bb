/** @jest-environment node */
/// <reference types="node" />
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const script = path.join(__dirname, '..', '..', '..', 'scripts', 'build-photos.mjs');

/** Runs `pnpm photos` on a folder of photos made here with sharp. */
async function run(photos: Record<string, { width: number; height: number }>) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- sharp is a root tool, loaded only by this test
  const sharp = require(require.resolve('sharp', { paths: [path.join(__dirname, '..', '..', '..')] }));
  const input = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-in-'));
  const output = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-out-'));
  for (const [file, { width, height }] of Object.entries(photos)) {
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 120 } } })
      .jpeg()
      .toFile(path.join(input, file));
  }
  const log = execFileSync('node', [script, input, output], { encoding: 'utf8' });
  return { output, log, files: fs.readdirSync(output).sort(), index: fs.readFileSync(path.join(output, 'index.ts'), 'utf8') };
}

it("makes AVIF and WebP at 480, 960 and 1440 px for each named photo, cut to its picture's shape, and indexes them", async () => {
  const { output, files, index, log } = await run({
    'studio.jpg': { width: 2400, height: 1800 },
    'holiday.jpg': { width: 800, height: 600 },
  });
  expect(files).toEqual([
    'index.ts',
    'studio-1440.avif',
    'studio-1440.webp',
    'studio-480.avif',
    'studio-480.webp',
    'studio-960.avif',
    'studio-960.webp',
  ]);
  // The studio picture is 3:2; a 4:3 photo loses a strip at the top and bottom.
  expect(index).toContain(
    "'studio': { width: 1440, height: 960, avif: [[studio_480_avif, 480], [studio_960_avif, 960], [studio_1440_avif, 1440]]",
  );
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- sharp is a root tool, loaded only by this test
  const sharp = require(require.resolve('sharp', { paths: [path.join(__dirname, '..', '..', '..')] }));
  expect(await sharp(path.join(output, 'studio-960.webp')).metadata()).toMatchObject({ width: 960, height: 640 });
  expect(log).toContain('1 photo(s) prepared');
  expect(log).toContain('Not used (names must match a picture, see assets/photos/README.md): holiday.jpg');
}, 60_000);

it('never makes a photo wider than the original', async () => {
  const { files } = await run({ 'spring-detail-2.jpg': { width: 700, height: 525 } });
  expect(files).toEqual(['index.ts', 'spring-detail-2-480.avif', 'spring-detail-2-480.webp']);
}, 60_000);

it('takes a square hero from a tall phone photo, and a doorstep photo', async () => {
  const { index } = await run({ 'hero.jpg': { width: 1500, height: 2000 }, 'doorstep.png': { width: 1600, height: 1200 } });
  expect(index).toContain("'hero': { width: 1440, height: 1440,");
  expect(index).toContain("'doorstep': { width: 1440, height: 960,");
}, 60_000);
