import { type EligibilityBasis, eligibilityMessages } from '@vault/contracts';
import { AppError } from '../core/app-error';
import type { Decision, ItemFacts, Judge, RefusalCounter } from '../eligibility';
import type { EligibilityCheck } from './seller';

/**
 * The seller's eligibility check: the item's class and blade length as this replica holds them,
 * the member's facts from the judge's memory, the verdict of the operator's rules. A refusal is
 * counted for the show report (written with the Buy attempts) and answered 403 `not_eligible`
 * with the reason the member already sees in place of Buy.
 */
export function createEligibilityCheck(deps: {
  judge: Judge;
  refusals: RefusalCounter;
  item(showItemId: string): ItemFacts | undefined;
}): EligibilityCheck {
  return (userId, showItemId) => {
    const item = deps.item(showItemId);
    if (!item) return null;
    const settle = (decision: Decision): EligibilityBasis => {
      if (decision.ok) return decision.basis;
      deps.refusals.record(showItemId, decision.refusedBy, userId);
      throw new AppError(403, 'not_eligible', decision.reason || eligibilityMessages.notEligible);
    };
    const verdict = deps.judge.judge(userId, item);
    return verdict instanceof Promise ? verdict.then(settle) : settle(verdict);
  };
}
