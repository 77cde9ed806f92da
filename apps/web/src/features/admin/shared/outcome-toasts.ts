import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

type ToastInput = Parameters<typeof toast>[0];

export interface OutcomeToasts<TData, TVars> {
  /** The success toast, if any; a function when it names what was done. */
  success?: ToastInput | ((data: TData, vars: TVars) => ToastInput);
  /** The failure toast's title; the server's message is its description. */
  failure: string | ((vars: TVars) => string);
  /** The description when the server sent no message. */
  fallback?: string;
}

/**
 * A mutation's outcome as a toast, for the mutation HOOK's own callbacks (`useMutation({ ...here })`),
 * never for `mutate(vars, { onSuccess })`: React Query drops mutate()'s callbacks when the calling
 * component unmounts before the answer, and the live push swaps Show Control's components under
 * the admin's button while the POST is in flight (Start Show: the list becomes the live panel;
 * Reset Show: the panel becomes the list). The hook's callbacks belong to the mutation and run anyway.
 * Components keep only what is theirs in mutate() (closing their own dialog).
 */
export function outcomeToasts<TData, TVars>(says: OutcomeToasts<TData, TVars>) {
  return {
    onSuccess: (data: TData, vars: TVars) => {
      if (says.success) toast(typeof says.success === 'function' ? says.success(data, vars) : says.success);
    },
    onError: (error: unknown, vars: TVars) => {
      toast({
        title: typeof says.failure === 'function' ? says.failure(vars) : says.failure,
        description: serverMessage(error) ?? says.fallback,
        variant: 'destructive',
      });
    },
  };
}
