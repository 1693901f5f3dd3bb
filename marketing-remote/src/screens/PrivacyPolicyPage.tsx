import text from '../../content/legal/privacy-policy.md';
import { LegalPage } from '../components/LegalPage';
import '../marketing.css';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      description="What Monthly Blooms stores about you, why, who helps us process it, and how to reach us."
      text={text}
    />
  );
}
