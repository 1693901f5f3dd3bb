import text from '../../content/legal/terms-of-service.md';
import { LegalPage } from '../components/LegalPage';
import '../marketing.css';

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms of the Monthly Blooms flower subscription: price, deliveries, skipping, pausing and cancelling."
      text={text}
    />
  );
}
