import { NavLink } from 'react-router-dom';
import { paths } from '../../lib/paths';

const links = [
  { to: paths.admin, label: 'Dashboard' },
  { to: paths.adminEligibility, label: 'Eligibility' },
  { to: paths.adminMembers, label: 'Members' },
  { to: paths.adminFulfillment, label: 'Fulfillment' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center justify-center rounded-lg px-3 font-semibold text-sm transition-colors ${
    isActive ? 'bg-vault-700 text-white' : 'text-steel-400 hover:text-steel-200'
  }`;

/** The admin area's screens: the dashboard, the eligibility rules, the member lookup and fulfillment. */
export function AdminNav({ className = '' }: { className?: string }) {
  return (
    <nav aria-label="Admin screens" className={className}>
      <ul className="grid grid-cols-2 gap-1 rounded-xl border border-vault-700 bg-vault-900 p-1 sm:inline-grid sm:w-auto sm:grid-cols-4">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
