import { Screen } from '@blooms/shared/ui/Screen';

export default function UsersPage() {
  return (
    <Screen remote="admin" title="Manage Users">
      <section className="container page">
        <h1>Manage Users</h1>
      </section>
    </Screen>
  );
}
