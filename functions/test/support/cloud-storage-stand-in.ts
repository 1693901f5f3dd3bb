import http from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  data: Buffer;
  contentType: string;
  generation: number;
}

export interface CloudStorageStandIn {
  /** For STORAGE_EMULATOR_HOST: the Cloud Storage client sends its requests here. */
  url: string;
  objects: Map<string, StoredObject>;
  requests: { method: string; path: string }[];
  close: () => Promise<void>;
}

const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC32C (Castagnoli), big-endian, base64: the checksum Cloud Storage reports and its client checks. */
function crc32c(data: Buffer): string {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}

/** The parts of a multipart/related body: [metadata JSON, media]. */
function multipartParts(body: Buffer, boundary: string): Buffer[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(at + delimiter.length, next);
    const headersEnd = part.indexOf('\r\n\r\n');
    // The content runs up to the CRLF that precedes the next delimiter.
    if (headersEnd !== -1) parts.push(part.subarray(headersEnd + 4, part.length - 2));
    at = next;
  }
  return parts;
}

/**
 * A stand-in for Cloud Storage's JSON API, enough for the photo store: simple and multipart
 * uploads, object metadata, media downloads, listing (one page) and deletes, kept in memory. Nothing on npm
 * serves this API (see ../shared/notes/firebase-facts.md), and the Storage emulator needs
 * Java 21. Paths are accepted with and without the /storage/v1 prefix, as the client sends
 * both against an emulator host.
 */
export async function startCloudStorageStandIn(): Promise<CloudStorageStandIn> {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; path: string }[] = [];
  let generation = 1;

  const metadataOf = (bucket: string, name: string, object: StoredObject) => ({
    kind: 'storage#object',
    id: `${bucket}/${name}/${object.generation}`,
    bucket,
    name,
    generation: String(object.generation),
    contentType: object.contentType,
    size: String(object.data.length),
    md5Hash: createHash('md5').update(object.data).digest('base64'),
    crc32c: crc32c(object.data),
  });
  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: http.ServerResponse, what: string) =>
    sendJson(res, 404, { error: { code: 404, message: `No such object: ${what}` } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const path = url.pathname.replace(/^\/(download\/)?storage\/v1(?=\/)/, '');
      requests.push({ method: req.method ?? '', path: url.pathname });
      const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
      if (upload && req.method === 'POST') {
        const bucket = decodeURIComponent(upload[1]!);
        const body = Buffer.concat(chunks);
        const type = url.searchParams.get('uploadType');
        let name = url.searchParams.get('name');
        let data: Buffer = body;
        let contentType = req.headers['content-type'] ?? 'application/octet-stream';
        if (type === 'multipart') {
          const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
          const [metadataPart, media] = boundary ? multipartParts(body, boundary) : [];
          if (!metadataPart || !media) return sendJson(res, 400, { error: { code: 400, message: 'Malformed multipart upload.' } });
          const metadata = JSON.parse(metadataPart.toString('utf8')) as { name?: string; contentType?: string };
          name = metadata.name ?? name;
          contentType = metadata.contentType ?? 'application/octet-stream';
          data = media;
        } else if (type !== 'media') {
          return sendJson(res, 501, {
            error: { code: 501, message: `uploadType=${type} is not supported by the stand-in (use resumable: false).` },
          });
        }
        if (!name) return sendJson(res, 400, { error: { code: 400, message: 'An object name is required.' } });
        const object = { data, contentType, generation: generation++ };
        objects.set(`${bucket}/${name}`, object);
        return sendJson(res, 200, metadataOf(bucket, name, object));
      }
      const listing = /^\/b\/([^/]+)\/o$/.exec(path);
      if (listing && req.method === 'GET') {
        const bucket = decodeURIComponent(listing[1]!);
        const items = [...objects]
          .filter(([key]) => key.startsWith(`${bucket}/`))
          .map(([key, object]) => metadataOf(bucket, key.slice(bucket.length + 1), object));
        return sendJson(res, 200, { kind: 'storage#objects', items });
      }
      const match = /^\/b\/([^/]+)\/o\/(.+)$/.exec(path);
      if (!match) return sendJson(res, 404, { error: { code: 404, message: `Not served by the stand-in: ${req.method} ${url.pathname}` } });
      const bucket = decodeURIComponent(match[1]!);
      const name = decodeURIComponent(match[2]!);
      const key = `${bucket}/${name}`;
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        if (!object) return notFound(res, key);
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (req.method !== 'GET') return sendJson(res, 405, { error: { code: 405, message: 'Method not allowed.' } });
      if (!object) return notFound(res, key);
      if (url.searchParams.get('alt') !== 'media') return sendJson(res, 200, metadataOf(bucket, name, object));
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': object.data.length,
        'x-goog-generation': String(object.generation),
        'x-goog-hash': `crc32c=${crc32c(object.data)},md5=${createHash('md5').update(object.data).digest('base64')}`,
      });
      res.end(object.data);
    });
  });
  // Node closes an idle kept-alive connection after 5 s, Google's front ends much later: a client
  // reusing one at the moment Node closes it reads ECONNRESET, which a loaded machine made happen.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
