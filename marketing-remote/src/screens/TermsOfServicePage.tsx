import { Screen } from '@blooms/shared/ui/Screen';

export default function TermsOfServicePage() {
  return (
    <Screen remote="marketing" title="Terms of Service">
      <section className="container page">
        <h1>Terms of Service</h1>
      </section>
    </Screen>
  );
}
