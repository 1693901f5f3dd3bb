import fs from 'node:fs';
import path from 'node:path';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { PRIVATE_FILE, privateFolder } from '../db/private-files';

/** Twilio's account, its sending number, and (for the local fake) another API host. */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The number (E.164) or Messaging Service SID (MG…) texts are sent from. */
  from: string;
  /** Another Twilio-compatible API origin (the local fake); null: Twilio's own. */
  apiBase: string | null;
  /** SMS_FAKE=true: the backend runs the local fake Twilio and sends to it (apiBase is set once it runs). */
  fake: boolean;
}

export interface SmsSender {
  /** Hands the text to the provider (or the folder); resolves with the provider's id for it. */
  send: (text: { to: string; body: string; outboxId: number }) => Promise<{ providerId: string }>;
}

/** Twilio's API host, which the SDK puts in every URL. */
const TWILIO_API = /^https:\/\/api\.twilio\.com/;

/** The SDK's HTTP client, sending to another origin: the SDK builds every URL on api.twilio.com. */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiBase: string) {
    super({ timeout: 15_000 });
  }
  override request<T>(opts: RequestClient.RequestOptions<T>) {
    return super.request<T>({ ...opts, uri: String(opts.uri).replace(TWILIO_API, this.apiBase.replace(/\/$/, '')) });
  }
}

/** Twilio through its Node SDK (Programmable Messaging: Messages create). */
export function twilioSender(settings: TwilioSettings): SmsSender {
  const client = twilio(settings.accountSid, settings.authToken, {
    ...(settings.apiBase ? { httpClient: new RedirectingRequestClient(settings.apiBase) } : {}),
    autoRetry: false,
  });
  const fromField = settings.from.startsWith('MG') ? { messagingServiceSid: settings.from } : { from: settings.from };
  return {
    async send({ to, body }) {
      const message = await client.messages.create({ to, body, ...fromField });
      return { providerId: message.sid };
    },
  };
}

/** The local default: each text is written as a .txt file into the outbox folder, beside the e-mails. */
export function folderSmsSender(dir: string): SmsSender {
  return {
    async send({ to, body, outboxId }) {
      privateFolder(dir);
      const name = `sms-${outboxId}.txt`;
      const file = path.join(dir, name);
      await fs.promises.writeFile(`${file}.partial`, `To: ${to}\n\n${body}\n`, { mode: PRIVATE_FILE });
      await fs.promises.rename(`${file}.partial`, file);
      return { providerId: name };
    },
  };
}

/** Twilio when configured; otherwise the outbox folder. */
export function smsSenderFor(config: { twilio: TwilioSettings | null; outboxDir: string }): SmsSender {
  return config.twilio ? twilioSender(config.twilio) : folderSmsSender(config.outboxDir);
}

/** Made-up credentials of the local fake (SMS_FAKE=true) when none are set: it checks them like Twilio would. */
export const FAKE_TWILIO = { accountSid: `AC${'0'.repeat(31)}1`, authToken: 'fake-twilio-auth-token', from: '+18015550100' } as const;

/**
 * The Twilio settings: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM all set, or none
 * (texts go to the outbox folder); TWILIO_API_BASE points the SDK at another host. With
 * SMS_FAKE=true and none set, the local fake's made-up ones (its host is known once it runs).
 */
export function twilioSettingsOf(env: Record<string, string | undefined>): TwilioSettings | null {
  const names = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const set = names.filter((name) => env[name]);
  if (set.length === 0) return env.SMS_FAKE === 'true' ? { ...FAKE_TWILIO, apiBase: null, fake: true } : null;
  if (set.length < names.length)
    throw new Error(`Texts need all of ${names.join(', ')}; missing ${names.filter((n) => !env[n]).join(', ')}.`);
  return {
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    from: env.TWILIO_FROM!,
    apiBase: env.TWILIO_API_BASE || null,
    fake: env.SMS_FAKE === 'true',
  };
}
