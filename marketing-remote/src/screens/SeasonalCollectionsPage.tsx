import { Screen } from '@blooms/shared/ui/Screen';

const SEASONS = ['Spring', 'Summer', 'Fall', 'Winter'];

export default function SeasonalCollectionsPage() {
  return (
    <Screen remote="marketing" title="Seasonal Collections">
      <section className="container page">
        <h1>Seasonal Collections</h1>
        {SEASONS.map((season) => (
          <h2 key={season}>{season}</h2>
        ))}
      </section>
    </Screen>
  );
}
