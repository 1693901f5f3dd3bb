#!/usr/bin/env node
// The map-tiles suite's stack (map-tiles.config.ts): `pnpm start` with Google's map under the
// staff map, and a stand-in for Google's Geocoding API on a free local port that places the
// addresses of geocoded-places.json (any other is not found). Nothing reaches the internet: the
// browser's Static Maps requests are answered by the spec (page.route).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { places } = JSON.parse(fs.readFileSync(path.join(here, 'geocoded-places.json'), 'utf8'));

const geocoder = http.createServer((request, response) => {
  const query = new URL(request.url, 'http://stand-in').searchParams;
  const place = query.get('key') ? places[(query.get('address') ?? '').toLowerCase()] : undefined;
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify(
      place
        ? { status: 'OK', results: [{ geometry: { location: place } }] }
        : { status: query.get('key') ? 'ZERO_RESULTS' : 'REQUEST_DENIED', results: [] },
    ),
  );
});
await new Promise((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
const geocodingUrl = `http://127.0.0.1:${geocoder.address().port}/maps/api/geocode/json`;

const stack = spawn(process.execPath, [path.join(here, '..', '..', 'scripts', 'start.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, GEOCODING_API_URL: geocodingUrl },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stack.kill(signal));
stack.on('exit', (code) => {
  geocoder.close();
  process.exit(code ?? 1);
});
