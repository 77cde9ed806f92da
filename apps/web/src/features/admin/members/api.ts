import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminMemberSummaryList, AdminMemberView, MemberAttestationView } from '@vault/contracts';
import { api } from '../../../lib/api-client';

// The admin's member lookup: find by email, see what eligibility is judged on, correct a date of
// birth, revoke an attestation, suspend or restore buying. Answers are checked against their contracts.

const membersUrl = '/api/admin/members';
const memberKey = (id: string) => [membersUrl, id, 'eligibility'] as const;

/** Members whose email contains the text (at least 3 characters, as the API asks). */
export function useMemberSearch(email: string) {
  return useQuery({
    queryKey: [membersUrl, { email }],
    queryFn: async () =>
      AdminMemberSummaryList.parse(await api.get<unknown>(`${membersUrl}?email=${encodeURIComponent(email)}`)),
    enabled: email.length >= 3,
    staleTime: 0,
  });
}

export function useMemberEligibility(id: string | null) {
  return useQuery({
    queryKey: memberKey(id ?? ''),
    queryFn: async () =>
      AdminMemberView.parse(await api.get<unknown>(`${membersUrl}/${encodeURIComponent(id ?? '')}/eligibility`)),
    enabled: id !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useCorrectDateOfBirth(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dateOfBirth: string) =>
      AdminMemberView.parse(
        await api.put<unknown>(`${membersUrl}/${encodeURIComponent(id)}/date-of-birth`, { dateOfBirth }),
      ),
    // The answer is the member as now judged: shown at once.
    onSuccess: (member) => queryClient.setQueryData(memberKey(id), member),
  });
}

export function useRevokeAttestation(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      MemberAttestationView.parse(
        await api.post<unknown>(`/api/admin/attestations/${encodeURIComponent(id)}/revoke`, { reason }),
      ),
    // A refusal (revoked meanwhile) also means the list is out of date.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: memberKey(memberId) }),
  });
}

const suspensionUrl = (id: string) => `${membersUrl}/${encodeURIComponent(id)}/buying-suspension`;

/**
 * Suspends a member's buying (reason given) or lifts it (null). The answer is the member as now
 * held: shown at once wherever they are open; `onChanged` lets a caller refresh what it shows of
 * them (the show report's flagged members).
 */
export function useBuyingSuspension(id: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string | null) =>
      AdminMemberView.parse(
        reason === null
          ? await api.delete<unknown>(suspensionUrl(id))
          : await api.post<unknown>(suspensionUrl(id), { reason }),
      ),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKey(id), member);
      // The search results mark suspended members.
      void queryClient.invalidateQueries({ queryKey: [membersUrl], exact: false, type: 'active' });
      onChanged?.();
    },
  });
}
