import { Screen } from '@blooms/shared/ui/Screen';

export default function PrivacyPolicyPage() {
  return (
    <Screen remote="marketing" title="Privacy Policy">
      <section className="container page">
        <h1>Privacy Policy</h1>
      </section>
    </Screen>
  );
}
