import { Screen } from '@blooms/shared/ui/Screen';

export default function FaqPage() {
  return (
    <Screen remote="marketing" title="FAQ">
      <section className="container page">
        <h1>Frequently Asked Questions</h1>
      </section>
    </Screen>
  );
}
