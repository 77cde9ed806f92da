import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@vault/contracts';
import { api } from '../../../lib/api-client';

/** Entries per page: one screenful on a phone, a few on a desktop. */
export const AUDIT_PAGE_SIZE = 20;

const auditUrl = (action: string, before: number | null) => {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (action) query.set('action', action);
  if (before !== null) query.set('before', String(before));
  return `/api/admin/audit?${query}`;
};

/**
 * The audit log, newest first, a page at a time: "Load more" asks for the entries older than the
 * last one shown (keyset), so entries recorded meanwhile never shift a page. Read afresh whenever
 * the tab opens: the admin has just acted and expects to see it.
 */
export function useAuditLog(action: string) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/audit', { action }],
    queryFn: ({ pageParam }) => api.get<AuditPage>(auditUrl(action, pageParam)),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
