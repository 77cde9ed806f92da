import { zodResolver } from '@hookform/resolvers/zod';
import { AdminMemberSearchQuery } from '@vault/contracts';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { AdminHeader, AdminTitle } from '../admin-header';
import { AdminNav } from '../admin-nav';
import { useMemberEligibility, useMemberSearch } from './api';
import { MemberDetail } from './member-detail';

/** The search and the member opened live in the address (?email=…&member=…): Back and a reload keep them. */
function useLookup() {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const member = params.get('member');
  const set = (next: { email: string; member: string | null }) =>
    setParams(next.member ? { email: next.email, member: next.member } : { email: next.email });
  return { email, member, set };
}

function SearchForm({ email, onSearch }: { email: string; onSearch: (email: string) => void }) {
  const form = useForm({ resolver: zodResolver(AdminMemberSearchQuery), defaultValues: { email } });
  const onSubmit = form.handleSubmit((values) => onSearch(values.email));
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Find a member"
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <FormField
        label="Email"
        type="search"
        inputMode="email"
        autoComplete="off"
        placeholder="Part of the member's email"
        className="sm:w-80"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" className="sm:mt-7">
        Search
      </Button>
    </form>
  );
}

function MemberPanel({ id }: { id: string }) {
  const member = useMemberEligibility(id);
  if (member.isPending) return <p className="text-sm text-steel-400">Loading the member...</p>;
  if (member.isError) {
    const gone = member.error instanceof ApiError && (member.error.status === 404 || member.error.status === 400);
    return (
      <p role="alert" className="text-sm text-steel-400">
        {gone ? 'Member not found.' : 'Could not load the member. Please refresh the page.'}
      </p>
    );
  }
  return <MemberDetail member={member.data} />;
}

/** /admin/members: find a member by email and see (and correct) what their eligibility is judged on. */
export function MembersPage() {
  const lookup = useLookup();
  const results = useMemberSearch(lookup.email);
  return (
    <div className="min-h-dvh">
      <AdminHeader back={{ to: paths.admin, label: 'Back to Admin' }} />
      <main className="mx-auto max-w-5xl px-4 pt-6 pb-12">
        <AdminTitle title="Members" subtitle="Date of birth, destination and attestations: what the rules judge." />
        <AdminNav className="mt-4" />
        <div className="mt-6">
          <SearchForm email={lookup.email} onSearch={(email) => lookup.set({ email, member: null })} />
        </div>
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
          <div>
            {lookup.email.length < 3 ? null : results.isPending ? (
              <p className="text-sm text-steel-400">Searching...</p>
            ) : results.isError ? (
              <p className="text-sm text-steel-400">Could not search. Please try again.</p>
            ) : results.data.length === 0 ? (
              <p className="text-sm text-steel-400">No member's email contains “{lookup.email}”.</p>
            ) : (
              <ul aria-label="Members found" className="space-y-2">
                {results.data.map((found) => (
                  <li key={found.id}>
                    <button
                      type="button"
                      aria-current={found.id === lookup.member ? 'true' : undefined}
                      onClick={() => lookup.set({ email: lookup.email, member: found.id })}
                      className="w-full rounded-2xl border border-vault-700 bg-vault-900 px-4 py-3 text-left transition-colors hover:border-vault-600 aria-[current=true]:border-brass-500"
                    >
                      <span className="block break-words font-semibold text-sm text-white">
                        {found.fullName ?? 'No name on file'}
                      </span>
                      <span className="block break-all text-steel-400 text-xs">{found.email}</span>
                      {found.buyingSuspended ? (
                        <span className="mt-1 block font-semibold text-red-400 text-xs">Buying suspended</span>
                      ) : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {lookup.member ? <MemberPanel id={lookup.member} /> : null}
        </div>
      </main>
    </div>
  );
}
