import { Navigate, Route, Routes } from 'react-router-dom';
import { LOGIN_PATH, PATH_ALIASES } from '@blooms/shared/contract/routes';
import { RemoteScreen } from '../features/remotes/RemoteScreen';
import { useSiteRoutes } from '../features/remotes/site-routes';
import { RequireAccess } from '../features/auth/RequireAccess';
import { LoginPage } from '../features/auth/LoginPage';
import { NotFoundPage } from '../components/NotFoundPage';

/** The remotes' screens, as the live remotes declare them, under the host's layout and access rules. */
export function AppRoutes() {
  const routes = useSiteRoutes();
  return (
    <Routes>
      {routes.map(({ path, remote, module, access, opensWhileChecking, unavailable }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAccess access={access} opensWhileChecking={opensWhileChecking}>
              <RemoteScreen key={path} remote={remote} module={module} unavailable={unavailable} />
            </RequireAccess>
          }
        />
      ))}
      {/* Short addresses of pages (the server answers them 301): the page they name, in place of the link's entry in history. */}
      {Object.entries(PATH_ALIASES).map(([path, to]) => (
        <Route key={path} path={path} element={<Navigate to={to} replace />} />
      ))}
      <Route path={LOGIN_PATH} element={<LoginPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
