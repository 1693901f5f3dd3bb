import { Route, Routes } from 'react-router-dom';
import { REMOTE_ROUTES, LOGIN_PATH } from '@blooms/shared/contract/routes';
import { RemoteScreen } from '../features/remotes/RemoteScreen';
import { RequireAccess } from '../features/auth/RequireAccess';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../components/NotFoundPage';

export function AppRoutes() {
  return (
    <Routes>
      {REMOTE_ROUTES.map(({ path, remote, module, access, opensWhileChecking }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAccess access={access} opensWhileChecking={opensWhileChecking}>
              <RemoteScreen key={path} remote={remote} module={module} />
            </RequireAccess>
          }
        />
      ))}
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
