import { STUDIO_TIME_ZONE } from '@blooms/shared/contract/delivery-dates';
import type { SubscriptionHistory } from '@blooms/shared/contract/subscription-history';
import { formatUsPhone, MESSAGE_STATUS_LABELS, textStateLine } from '@blooms/shared/contract/texts';

const WHEN = new Intl.DateTimeFormat('en-US', { timeZone: STUDIO_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** A consent given or withdrawn, in words: "Texts turned on at subscribing", "Texts turned off by a STOP reply". */
function consentTitle(consent: { action: string; source: string; wording: string }): string {
  const turned = consent.action === 'opt-in' ? 'Texts turned on' : 'Texts turned off';
  if (consent.source === 'subscribe') return `${turned} at subscribing`;
  if (consent.source === 'account') return `${turned} in the account`;
  return `${turned} by a ${consent.wording || 'text'} reply`;
}

interface Line {
  at: string;
  tag: string;
  tone: 'email' | 'text' | 'consent';
  title: string;
  detail: string;
}

/**
 * The delivery-day e-mails and texts, each with its status (queued, sent, failed, not sent:
 * opted out or past 8 pm), and each text consent given or withdrawn with its wording. Absent
 * with a server that has no texts.
 */
export function DeliveryDayMessages({ history }: { history: SubscriptionHistory }) {
  if (!history.deliveryDayMessages || !history.texts) return null;
  const lines: Line[] = [
    ...history.deliveryDayMessages.map((message) => ({
      at: message.at,
      tag: message.channel === 'email' ? 'E-mail' : 'Text',
      tone: message.channel,
      title: message.summary,
      detail: MESSAGE_STATUS_LABELS[message.status],
    })),
    ...(history.textConsents ?? []).map((consent) => ({
      at: consent.at,
      tag: 'Consent',
      tone: 'consent' as const,
      title: consentTitle(consent),
      detail: `${formatUsPhone(consent.phone)}${consent.source !== 'reply' && consent.wording ? `. Shown: “${consent.wording}”` : ''}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section aria-labelledby="delivery-day-messages">
      <h2 id="delivery-day-messages" className="history-page__events">
        Delivery-day messages
      </h2>
      <p className="history-page__summary">{textStateLine(history.texts)}</p>
      {lines.length === 0 ? (
        <p>No delivery-day e-mail or text yet.</p>
      ) : (
        <ol className="history" aria-label="Delivery-day messages and text consents, newest first">
          {lines.map((line, index) => (
            <li key={index} className={`history__event history__event--message-${line.tone}`}>
              <time className="history__when" dateTime={line.at}>
                {WHEN.format(new Date(line.at))}
              </time>
              <div className="history__what">
                <span className="history__tag" aria-hidden="true">
                  {line.tag}
                </span>
                <p className="history__title">{line.title}</p>
                {line.detail && <p className="history__detail">{line.detail}</p>}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
