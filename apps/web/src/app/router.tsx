import { createBrowserRouter } from 'react-router-dom';
import { AccountPage } from '../features/account/components/account-page';
import { AdminEligibilityRoute, AdminMembersRoute, AdminRoute, AdminShowsRoute } from '../features/admin/admin-access';
import { packingSlipRoute } from '../features/admin/fulfillment/paths';
import { AdminFulfillmentRoute, PackingSlipRoute } from '../features/admin/fulfillment/routes';
import { showReportRoute } from '../features/admin/report/paths';
import { ShowReportRoute } from '../features/admin/report/show-report-route';
import { ExternalAuthPage } from '../features/auth/components/external-auth-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { DrawPage } from '../features/draws/components/draw-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { OnboardingPage } from '../features/onboarding/components/onboarding-page';
import { UnsubscribePage } from '../features/reminders/unsubscribe-page';
import { ShowPage } from '../features/show/components/show-page';
import { paths } from '../lib/paths';
import { GuestOnly, HomeRoute, RequireAuth, SessionGate } from './guards';

export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      {
        path: paths.login,
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: paths.register,
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      {
        path: paths.forgotPassword,
        element: (
          <GuestOnly>
            <ForgotPasswordPage />
          </GuestOnly>
        ),
      },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      // Opened from an email, signed in or not: the token in the link is the proof.
      { path: paths.unsubscribe, element: <UnsubscribePage /> },
      // A draw's public record: anyone may check a draw, signed in or not.
      { path: paths.draw, element: <DrawPage /> },
      // The admin screens guard themselves: a visitor or customer at /admin sees Admin Access
      // Required (not the login redirect), as at /admin/eligibility, /admin/members and
      // /admin/fulfillment (its packing slips too); the show manager at /admin/shows sends them to /show.
      { path: paths.admin, element: <AdminRoute /> },
      { path: paths.adminShows, element: <AdminShowsRoute /> },
      { path: paths.adminEligibility, element: <AdminEligibilityRoute /> },
      { path: paths.adminMembers, element: <AdminMembersRoute /> },
      { path: paths.adminFulfillment, element: <AdminFulfillmentRoute /> },
      { path: packingSlipRoute, element: <PackingSlipRoute /> },
      { path: showReportRoute, element: <ShowReportRoute /> },
      {
        path: paths.auth,
        element: (
          <GuestOnly>
            <ExternalAuthPage />
          </GuestOnly>
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.onboarding, element: <OnboardingPage /> },
          { path: paths.account, element: <AccountPage /> },
          { path: paths.show, element: <ShowPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
