import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { purchasesKey } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { watchWins } from './buy-outcome';
import { createWinToasts } from './win-toasts';

/** One per tab, outside React: a Buy's answer and the live show's push must share it (see createWinToasts). */
export const winToasts = createWinToasts(toast);

/**
 * On /show: the success toast when the live show sells the current item to this member without a
 * Buy answer of this tab's saying so (a draw won, the next in line), and their purchases refreshed.
 */
export function useWinToasts(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return watchWins(userId, winToasts, () => void queryClient.invalidateQueries({ queryKey: purchasesKey }));
  }, [userId, queryClient]);
}
