import { useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { TrackedStopView } from '../features/tracking/TrackedStopView';
import { useTrackedPhoto, useTrackedStop } from '../features/tracking/use-tracked-stop';
import '../features/tracking/track.css';

/** /track?t=…: the link in the "on the way" e-mail; no sign-in, only this stop, only on its day. */
function TrackScreen() {
  const token = useSearchParams()[0].get('t') ?? '';
  const { stop, expired, failed } = useTrackedStop(token);
  const photoUrl = useTrackedPhoto(token, stop?.hasPhoto ?? false);
  return (
    <Screen remote="subscribe" title="Track your delivery" description="Follow your Monthly Blooms delivery on its delivery day.">
      <section className="container section track-page">
        <h1>Track your delivery</h1>
        {expired ? (
          <p role="alert">{expired}</p>
        ) : failed ? (
          <p role="alert">We could not load your delivery just now. This page tries again by itself; you can also reload it.</p>
        ) : stop ? (
          <TrackedStopView stop={stop} photoUrl={photoUrl} />
        ) : (
          <p role="status">Loading your delivery…</p>
        )}
      </section>
    </Screen>
  );
}

export default function TrackPage() {
  return (
    <ServerState>
      <TrackScreen />
    </ServerState>
  );
}
