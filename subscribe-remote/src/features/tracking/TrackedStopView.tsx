import { formatDeliveryDate } from '@blooms/shared/contract/delivery-dates';
import { stopsBeforeSentence, studioTime, windowSentence, type TrackedStop } from '@blooms/shared/contract/tracking';

/** What the tracking page says of the stop now: the sentence a screen reader hears when it changes. */
export function headline(stop: TrackedStop): string {
  const driver = stop.driverFirstName ?? 'Your driver';
  if (stop.status === 'delivered') return stop.deliveredAt ? `Delivered at ${studioTime(stop.deliveredAt)}.` : 'Delivered.';
  if (stop.status === 'out-for-delivery')
    return `${driver} is on the way with your flowers. ${stop.stopsBefore === null ? '' : stopsBeforeSentence(stop.stopsBefore)}`.trim();
  return `Your flowers are on today's route. ${driver} has not set out with them yet.`;
}

/** One stop's progress on its delivery day, and after delivery the time and the door photo. */
export function TrackedStopView({ stop, photoUrl }: { stop: TrackedStop; photoUrl: string | null }) {
  return (
    <>
      <p className="track__day">{formatDeliveryDate(stop.date)}</p>
      <div className="track__card">
        <h2 className="track__status">
          {stop.status === 'delivered' ? 'Delivered' : stop.status === 'out-for-delivery' ? 'On the way' : 'Not out yet'}
        </h2>
        <p role="status" aria-live="polite" className="track__headline">
          {headline(stop)}
        </p>
        {stop.window && <p className="track__window">{windowSentence(stop.window)}</p>}
        {stop.status !== 'delivered' && <p className="track__note">This page updates by itself every 30 seconds.</p>}
      </div>
      {stop.status === 'delivered' && stop.hasPhoto && (
        <section aria-labelledby="track-photo" className="track__photo">
          <h2 id="track-photo">At your door</h2>
          {photoUrl ? (
            <img src={photoUrl} alt="Your flowers at the door, as the driver left them" />
          ) : (
            <p>Loading the driver&apos;s photo…</p>
          )}
        </section>
      )}
    </>
  );
}
