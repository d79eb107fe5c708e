import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';

/** Catches rendering errors of every route; navigating anywhere gives the new page a fresh start. */
export function RouteErrorBoundary() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.key} fallback={(error, reset) => <ErrorPage error={error} reset={reset} />}>
      <Outlet />
    </ErrorBoundary>
  );
}
