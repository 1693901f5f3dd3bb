import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A text the fake accepted (or refused), as it arrived. */
export interface FakeTwilioEntry {
  at: string;
  to: string;
  from: string;
  body: string;
  /** The SID it answered with; null when it refused the request. */
  sid: string | null;
  status: number;
}

/**
 * A local stand-in for Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form-encoded, HTTP basic auth with the account SID and auth token), for tests and, with
 * SMS_FAKE=true, for `pnpm start`. It keeps a log of what it received (in memory and, when
 * given a file, one JSON line each) and can be told to fail the next requests.
 */
export class FakeTwilio {
  readonly log: FakeTwilioEntry[] = [];
  private failures: number[] = [];
  private server: http.Server | null = null;
  private count = 0;

  constructor(
    readonly accountSid: string,
    readonly authToken: string,
    private readonly logFile: string | null = null,
  ) {}

  /** The next requests answer these HTTP statuses (500, 503 …) instead of taking the text. */
  failNext(...statuses: number[]): void {
    this.failures.push(...statuses);
  }

  async start(port = 0): Promise<string> {
    this.server = http.createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this.origin;
  }

  get origin(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const reply = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      reply(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

    const path = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    if (request.method !== 'POST' || request.url !== path) return error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const entry = {
      at: new Date().toISOString(),
      to: form.get('To') ?? '',
      from: form.get('From') ?? form.get('MessagingServiceSid') ?? '',
      body: form.get('Body') ?? '',
    };
    if (!entry.to || !entry.body || !entry.from) return error(400, 21604, "A 'To', 'From' and 'Body' are required.");
    const failure = this.failures.shift();
    if (failure !== undefined) {
      this.record({ ...entry, sid: null, status: failure });
      return error(failure, 20500, 'Internal Server Error');
    }
    const sid = `SM${String(++this.count).padStart(32, '0')}`;
    this.record({ ...entry, sid, status: 201 });
    reply(201, {
      sid,
      account_sid: this.accountSid,
      to: entry.to,
      from: entry.from,
      body: entry.body,
      status: 'queued',
      num_segments: '1',
    });
  }

  private record(entry: FakeTwilioEntry): void {
    this.log.push(entry);
    if (this.logFile) fs.appendFileSync(this.logFile, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }
}
