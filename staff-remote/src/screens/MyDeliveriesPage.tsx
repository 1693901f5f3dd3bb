import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { useAuthStore } from '@blooms/shared/auth-store';
import { displayFirstName } from '@blooms/shared/roles';

export default function MyDeliveriesPage() {
  const record = useAuthStore((s) => s.record);
  const firstName = record ? displayFirstName(record) : '';
  return (
    <Screen remote="staff" title="My Deliveries">
      <section className="container page">
        <h1>{firstName}&apos;s Deliveries</h1>
        <Link to="/dashboard">Back to Dashboard</Link>
      </section>
    </Screen>
  );
}
