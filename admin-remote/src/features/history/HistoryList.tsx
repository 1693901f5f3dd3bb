import { STUDIO_TIME_ZONE } from '@blooms/shared/contract/delivery-dates';
import { formatMonth, type MonthKey } from '@blooms/shared/contract/months';
import { actorText, describeHistoryEvent, type HistoryEvent } from '@blooms/shared/contract/subscription-history';
import { DoorPhoto } from './DoorPhoto';

const WHEN = new Intl.DateTimeFormat('en-US', { timeZone: STUDIO_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** What kind of thing happened, as a tag to scan the list by. */
const TAGS: Record<HistoryEvent['kind'], string> = {
  subscribed: 'Start',
  change: 'Change',
  payment: 'Payment',
  'charge-declined': 'Declined',
  refund: 'Refund',
  delivery: 'Delivery',
  email: 'E-mail',
};

const BY: Record<string, string> = { subscriber: 'by', staff: 'by', provider: 'from' };

/** A subscription's events, newest first, each with when (studio time), what, and who. */
export function HistoryList({ events }: { events: HistoryEvent[] }) {
  return (
    <ol className="history" aria-label="Events, newest first">
      {events.map((event, index) => {
        const { title, detail, by } = describeHistoryEvent(event);
        return (
          <li key={index} className={`history__event history__event--${event.kind}`}>
            <time className="history__when" dateTime={event.at}>
              {WHEN.format(new Date(event.at))}
            </time>
            <div className="history__what">
              {/* For the eye: the title says it in words. */}
              <span className="history__tag" aria-hidden="true">
                {TAGS[event.kind]}
              </span>
              <p className="history__title">{title}</p>
              {detail && <p className="history__detail">{detail}</p>}
              {by && (
                <p className="history__by">
                  {BY[by.kind]} {actorText(by)}
                </p>
              )}
              {event.kind === 'delivery' && event.photoUrl && (
                <DoorPhoto url={event.photoUrl} alt={`Door photo of the ${formatMonth(event.month as MonthKey)} delivery`} />
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
