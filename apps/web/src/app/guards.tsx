import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { AuthErrorAlert } from '../features/auth/components/auth-error-alert';
import { ConnectionErrorScreen } from '../features/auth/components/connection-error-screen';
import { LandingPage } from '../features/landing/landing-page';
import { useCurrentUser } from '../hooks/use-current-user';
import { NetworkError } from '../lib/api-client';
import { paths } from '../lib/paths';

/**
 * Every screen waits for the current user once. An unreachable API shows the connection-error
 * screen; any other failure to read the user shows the authentication-error alert.
 */
export function SessionGate() {
  const user = useCurrentUser();
  if (user.isPending) return <Spinner label="Opening the Vault" />;
  if (user.error instanceof NetworkError) {
    return <ConnectionErrorScreen onRetry={() => void user.refetch()} retrying={user.isFetching} />;
  }
  if (user.isError) return <AuthErrorAlert />;
  return <Outlet />;
}

function useUser() {
  return useCurrentUser().data ?? null;
}

/** "/": visitors see the landing screen; members go on to /show, or /onboarding until it is done. */
export function HomeRoute() {
  const user = useUser();
  if (!user) return <LandingPage />;
  return <Navigate to={user.onboardingCompleted ? paths.show : paths.onboarding} replace />;
}

/** Screens for visitors only (log in, register, /auth): a signed-in member is sent to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  return useUser() ? <Navigate to={paths.home} replace /> : children;
}

/** Screens that need a session: visitors are sent to /login. */
export function RequireAuth() {
  const location = useLocation();
  return useUser() ? <Outlet /> : <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
}
