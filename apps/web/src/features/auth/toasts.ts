import { ApiError, serverMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/**
 * The register and login failure toasts: a refusal from the server shows "<title>" with its message (or the fallback);
 * a network failure or exception shows "Error / Something went wrong. Please try again."
 */
export function toastAuthFailure(error: unknown, title: string, fallback: string) {
  if (error instanceof ApiError) {
    toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
  } else {
    toast({ title: 'Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
  }
}
