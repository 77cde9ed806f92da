import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushKind, PushPreferences } from '@vault/contracts';
import { api, serverMessage } from '../api-client';
import { createOrderedRunner } from '../in-order';
import { pushPreferencesKey } from '../query-keys';
import { toast } from '../toast';
import { disablePush, enablePush, type PushOutcome, readDevice } from './client';
import { kindsToTurnOn } from './kinds';

/** This browser's own push state: not server data, so it has its own reader and is re-read on focus. */
export const pushDeviceKey = ['push-device'] as const;

/** Where push stands on this device; re-read when the member comes back from the browser's settings. */
export function usePushDevice() {
  return useQuery({ queryKey: pushDeviceKey, queryFn: readDevice, staleTime: 0, refetchOnWindowFocus: true });
}

/** The member's switches and their device count (GET /api/push/preferences). */
export function usePushPreferences() {
  return useQuery<PushPreferences>({ queryKey: pushPreferencesKey });
}

// Quick flips of several switches send several PUTs: in order, so the server keeps the last.
const inOrder = createOrderedRunner();
const preferencesMutation = ['push-preferences'] as const;

/**
 * Saves the member's switches (PUT /api/push/preferences). The switch moves at once; a refusal
 * puts the switches back as they were and says so in a toast.
 */
export function useUpdatePushKinds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: preferencesMutation,
    mutationFn: (kinds: PushKind[]) =>
      inOrder('push-preferences', () => api.put<PushPreferences>('/api/push/preferences', { kinds })),
    onMutate: async (kinds) => {
      await queryClient.cancelQueries({ queryKey: pushPreferencesKey });
      const before = queryClient.getQueryData<PushPreferences>(pushPreferencesKey);
      if (before) queryClient.setQueryData<PushPreferences>(pushPreferencesKey, { ...before, kinds });
      return { before };
    },
    onSuccess: (saved) => {
      // A later flip still on its way wins over this answer (it is still counted while its callbacks run).
      if (queryClient.isMutating({ mutationKey: preferencesMutation }) <= 1) {
        queryClient.setQueryData(pushPreferencesKey, saved);
      }
    },
    onError: (error, _kinds, context) => {
      queryClient.setQueryData<PushPreferences | undefined>(pushPreferencesKey, context?.before);
      // Earlier flips may have saved or not: read what the server kept.
      void queryClient.invalidateQueries({ queryKey: pushPreferencesKey });
      toast({
        title: 'Could not save your notification settings',
        description: serverMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    },
  });
}

/**
 * Turns push on for this device from a tap: the member's switches plus `alsoWanted` (what the
 * place offering it is about). The outcome is the mutation's data, never an error; the device and
 * the device count are re-read however it went.
 */
export function useEnablePush(alsoWanted: readonly PushKind[] = []) {
  const queryClient = useQueryClient();
  return useMutation<PushOutcome>({
    mutationFn: () =>
      enablePush(async () =>
        kindsToTurnOn(
          (await queryClient.fetchQuery<PushPreferences>({ queryKey: pushPreferencesKey })).kinds,
          alsoWanted,
        ),
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushDeviceKey });
      void queryClient.invalidateQueries({ queryKey: pushPreferencesKey });
    },
  });
}

/** Turns push off for this device (the switches stay: they are the member's, for every device). */
export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation<PushOutcome>({
    mutationFn: disablePush,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushDeviceKey });
      void queryClient.invalidateQueries({ queryKey: pushPreferencesKey });
    },
  });
}
