import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SplashScreen } from '../components/splash-screen';
import { packingSlipRoute } from '../features/admin/fulfillment/paths';
import { showReportRoute } from '../features/admin/report/paths';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { paths } from '../lib/paths';
import { GuestOnly, HomeRoute, RequireAuth, SessionGate } from './guards';

// Every screen but the landing and Not Found is a chunk of its own, fetched when the router
// matches its route: at start-up that is in parallel with the session check, not after it. The
// screens a phone opens first (SCREEN_MODULES in vite.config.ts: /show, /login, /account, …) have
// documents that preload their code beside the first script: splitting them off costs no round trip.

/** A route whose screen is the `load`ed component, in its own chunk. */
const screen = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: await load() }),
});

/** As `screen`, for visitors only (a signed-in member is sent to /). */
const guestScreen = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const Screen = await load();
    return {
      element: (
        <GuestOnly>
          <Screen />
        </GuestOnly>
      ),
    };
  },
});

const admin = () => import('../features/admin/admin-access');
const fulfillment = () => import('../features/admin/fulfillment/routes');

export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    // While the first screen's chunk arrives: the splash screen index.html painted, as the session check shows it.
    hydrateFallbackElement: <SplashScreen />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      {
        path: paths.login,
        ...guestScreen(async () => (await import('../features/auth/components/login-page')).LoginPage),
      },
      {
        path: paths.register,
        ...guestScreen(async () => (await import('../features/auth/components/register-page')).RegisterPage),
      },
      {
        path: paths.forgotPassword,
        ...guestScreen(
          async () => (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
        ),
      },
      {
        path: paths.resetPassword,
        ...screen(async () => (await import('../features/auth/components/reset-password-page')).ResetPasswordPage),
      },
      // Opened from an email, signed in or not: the token in the link is the proof.
      {
        path: paths.unsubscribe,
        ...screen(async () => (await import('../features/reminders/unsubscribe-page')).UnsubscribePage),
      },
      // A draw's public record: anyone may check a draw, signed in or not.
      { path: paths.draw, ...screen(async () => (await import('../features/draws/components/draw-page')).DrawPage) },
      // The admin screens guard themselves: a visitor or customer at /admin sees Admin Access
      // Required (not the login redirect), as at /admin/eligibility, /admin/members and
      // /admin/fulfillment (its packing slips too); the show manager at /admin/shows sends them to /show.
      { path: paths.admin, ...screen(async () => (await admin()).AdminRoute) },
      { path: paths.adminShows, ...screen(async () => (await admin()).AdminShowsRoute) },
      { path: paths.adminEligibility, ...screen(async () => (await admin()).AdminEligibilityRoute) },
      { path: paths.adminMembers, ...screen(async () => (await admin()).AdminMembersRoute) },
      { path: paths.adminFulfillment, ...screen(async () => (await fulfillment()).AdminFulfillmentRoute) },
      { path: packingSlipRoute, ...screen(async () => (await fulfillment()).PackingSlipRoute) },
      {
        path: showReportRoute,
        ...screen(async () => (await import('../features/admin/report/show-report-route')).ShowReportRoute),
      },
      {
        path: paths.auth,
        ...guestScreen(async () => (await import('../features/auth/components/external-auth-page')).ExternalAuthPage),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: paths.onboarding,
            ...screen(async () => (await import('../features/onboarding/components/onboarding-page')).OnboardingPage),
          },
          {
            path: paths.account,
            ...screen(async () => (await import('../features/account/components/account-page')).AccountPage),
          },
          { path: paths.show, ...screen(async () => (await import('../features/show/components/show-page')).ShowPage) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
