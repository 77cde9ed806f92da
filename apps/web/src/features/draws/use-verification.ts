import type { PublicDraw } from '@vault/contracts';
import { useEffect, useState } from 'react';
import { type Verification, verifyDraw } from './verify';

export type VerificationState = Verification | { state: 'checking' };

/**
 * The draw verified in this browser, again whenever a refreshed record changes (the seed lands, the
 * winner is charged): the query cache keeps the same object for a refetch that changed nothing, so
 * that re-checks nothing. A check overtaken by a newer record is dropped.
 */
export function useVerification(draw: PublicDraw): VerificationState {
  const [result, setResult] = useState<VerificationState>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    setResult({ state: 'checking' });
    verifyDraw(draw).then(
      (verification) => {
        if (current) setResult(verification);
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        if (current) setResult({ state: 'failed', problems: [`This browser could not run the check: ${reason}`] });
      },
    );
    return () => {
      current = false;
    };
  }, [draw]);
  return result;
}
