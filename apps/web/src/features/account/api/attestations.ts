import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberAttestationView, OfferedAttestationKind } from '@vault/contracts';
import { api } from '../../../lib/api-client';
import { refreshEligibility } from '../../../lib/live-show/eligibility';

/** GET /api/attestations: the member's own attestations, revoked ones included. */
const attestationsKey = ['/api/attestations'] as const;
/** GET /api/attestation-kinds: the kinds the operator offers now, each with the statement a member confirms. */
const attestationKindsKey = ['/api/attestation-kinds'] as const;

export function useAttestations() {
  return useQuery<MemberAttestationView[]>({ queryKey: attestationsKey });
}

export function useAttestationKinds() {
  return useQuery<OfferedAttestationKind[]>({ queryKey: attestationKindsKey });
}

/**
 * POST /api/attestations {kind, confirm}: recorded, dated and audited by the server. What the member
 * may buy changes with it, so the show's eligibility is asked for again at once.
 */
export function useRecordAttestation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: string) => api.post<MemberAttestationView>('/api/attestations', { kind, confirm: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attestationsKey });
      refreshEligibility();
    },
  });
}
