import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AttestationKindBody,
  AttestationKindList,
  type AttestationKindUpdateBody,
  type AttestationKindView,
  type ClassShippingBody,
  ClassShippingList,
  type ClassShippingView,
  type EligibilityRuleBody,
  EligibilityRuleList,
  type EligibilityRuleView,
  EligibilitySettings,
  type LegalClass,
} from '@vault/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { outcomeToasts } from '../shared/outcome-toasts';

// The operator's eligibility data, each answer checked against its contract: a drifted answer fails
// here, not as a rule silently shown wrong.

export const rulesKey = ['/api/admin/eligibility-rules'] as const;
export const kindsKey = ['/api/admin/attestation-kinds'] as const;
export const classesKey = ['/api/admin/legal-classes'] as const;
const settingsKey = ['/api/eligibility/settings'] as const;

const read =
  <T>(schema: z.ZodType<T>, url: string) =>
  async (): Promise<T> =>
    schema.parse(await api.get<unknown>(url));

/** Read afresh each time the screen opens: another admin may have changed the rules meanwhile. */
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

export const useRules = () =>
  useQuery({ queryKey: rulesKey, queryFn: read(EligibilityRuleList, rulesKey[0]), ...fresh });
export const useAttestationKinds = () =>
  useQuery({ queryKey: kindsKey, queryFn: read(AttestationKindList, kindsKey[0]), ...fresh });
export const useClassShipping = () =>
  useQuery({ queryKey: classesKey, queryFn: read(ClassShippingList, classesKey[0]), ...fresh });
/** The ship-from state ("interstate" means outside it) and the minimum age; set by configuration. */
export const useEligibilitySettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: read(EligibilitySettings, settingsKey[0]) });

const ruleUrl = (id: string) => `${rulesKey[0]}/${encodeURIComponent(id)}`;
const refresh = (queryClient: QueryClient, key: readonly string[]) =>
  void queryClient.invalidateQueries({ queryKey: key });

/** Add (no id) or edit (an id: the whole rule again, saved as its next version). */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EligibilityRuleBody }) =>
      id === null
        ? api.post<EligibilityRuleView>(rulesKey[0], body)
        : api.patch<EligibilityRuleView>(ruleUrl(id), body),
    onSettled: () => refresh(queryClient, rulesKey),
  });
}

export function useRetireRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<EligibilityRuleView>(ruleUrl(id)),
    ...outcomeToasts({
      success: { title: 'Rule retired', description: 'It no longer applies; it stays listed under Retired.' },
      failure: 'Failed to retire the rule',
    }),
    onSettled: () => refresh(queryClient, rulesKey),
  });
}

export function useSaveKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { code: null; body: z.input<typeof AttestationKindBody> }
        | { code: string; body: z.input<typeof AttestationKindUpdateBody> },
    ) =>
      change.code === null
        ? api.post<AttestationKindView>(kindsKey[0], change.body)
        : api.patch<AttestationKindView>(`${kindsKey[0]}/${encodeURIComponent(change.code)}`, change.body),
    onSettled: () => refresh(queryClient, kindsKey),
  });
}

export function useSaveClassShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ legalClass, body }: { legalClass: LegalClass; body: z.input<typeof ClassShippingBody> }) =>
      api.put<ClassShippingView>(`${classesKey[0]}/${encodeURIComponent(legalClass)}`, body),
    onSettled: () => refresh(queryClient, classesKey),
  });
}
