import { type ReactNode, useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SplashScreen } from '../components/splash-screen';
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
  // The screen behind the gate is the page's largest render. Deferred, React renders it as a
  // transition, in slices that give the phone's main thread back every few milliseconds (a tap
  // is answered meanwhile), while the splash screen stays up; only then does the screen appear.
  const pending = useDeferredValue(user.isPending, true);
  if (pending) return <SplashScreen />;
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
