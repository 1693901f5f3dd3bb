import { Screen } from '@blooms/shared/ui/Screen';

/** A staff screen while the server says which month it opens on. */
export function StartingScreen({ title }: { title: string }) {
  return (
    <Screen remote="staff" title={title}>
      <section className="container page staff-page">
        <h1>{title}</h1>
        <p className="status-message" role="status">
          Finding the next delivery day…
        </p>
      </section>
    </Screen>
  );
}
