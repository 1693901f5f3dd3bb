import { Screen } from '@blooms/shared/ui/Screen';

export default function ConfirmationPage() {
  return (
    <Screen remote="subscribe" title="Confirmation">
      <section className="container page">
        <h1>Subscription confirmation</h1>
      </section>
    </Screen>
  );
}
