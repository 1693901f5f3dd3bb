import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { useAuthStore } from '@blooms/shared/auth-store';

export default function DashboardPage() {
  const record = useAuthStore((s) => s.record);
  return (
    <Screen remote="staff" title="Dashboard">
      <section className="container page">
        <h1>Dashboard</h1>
        <p>Signed in as {record?.email}.</p>
        <Link to="/my-deliveries">View My Deliveries</Link>
      </section>
    </Screen>
  );
}
