import { BrowserRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '@blooms/shared/ui/router-future';
import { AppShell } from './AppShell';

export function App() {
  return (
    <BrowserRouter future={ROUTER_FUTURE}>
      <AppShell />
    </BrowserRouter>
  );
}
