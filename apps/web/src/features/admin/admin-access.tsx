import { Navigate } from 'react-router-dom';
import { ButtonLink } from '../../components/ui/button';
import { VaultMark } from '../../components/vault-mark';
import { useCurrentUser } from '../../hooks/use-current-user';
import { paths } from '../../lib/paths';
import { AdminDashboard } from './admin-dashboard';
import { EligibilityPage } from './eligibility/eligibility-page';
import { MembersPage } from './members/members-page';
import { ShowManagerPage } from './shows/show-manager-page';

/** Admin Access Required: what a visitor or a customer sees at /admin instead of the admin area. */
export function AdminAccessRequired() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-5">
      <div className="w-full max-w-md rounded-3xl border border-vault-700 bg-vault-900 p-8 text-center">
        <VaultMark className="mx-auto size-12" />
        <h1 className="mt-5 font-display text-3xl text-white">Admin Access Required</h1>
        <p className="mt-3 text-sm text-steel-400">This part of the vault is for administrators only.</p>
        <ButtonLink to={paths.login} className="mt-7 w-full">
          Log In
        </ButtonLink>
      </div>
    </main>
  );
}

/** /admin: admins get the dashboard; everyone else the Admin Access Required screen with its Log In button. */
export function AdminRoute() {
  return useCurrentUser().data?.role === 'admin' ? <AdminDashboard /> : <AdminAccessRequired />;
}

/**
 * /admin/eligibility and /admin/members are parts of the admin page: everyone but an admin sees
 * Admin Access Required there too.
 */
export function AdminEligibilityRoute() {
  return useCurrentUser().data?.role === 'admin' ? <EligibilityPage /> : <AdminAccessRequired />;
}

export function AdminMembersRoute() {
  return useCurrentUser().data?.role === 'admin' ? <MembersPage /> : <AdminAccessRequired />;
}

/** /admin/shows: admins get the Show Manager; non-admins are redirected to /show (no access screen here). */
export function AdminShowsRoute() {
  return useCurrentUser().data?.role === 'admin' ? <ShowManagerPage /> : <Navigate to={paths.show} replace />;
}
