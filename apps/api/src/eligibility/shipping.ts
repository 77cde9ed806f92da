import {
  CARRIERS,
  type ClassShippingBody,
  type ClassShippingView,
  classShippingMessages,
  LEGAL_CLASSES,
  type LegalClass,
  NOT_BY_USPS,
} from '@vault/contracts';
import type { z } from 'zod';
import { AppError } from '../core/app-error';
import type { ServiceDeps } from '../core/deps';
import { announceRulesChanged } from './announce';
import { classShipping, saveClassShipping } from './shipping.repository';

/** Every class's carriers, in the order the classes are listed everywhere else. */
export async function listClassShipping(deps: Pick<ServiceDeps, 'db'>): Promise<ClassShippingView[]> {
  const rows = await classShipping(deps.db);
  const rank = (legalClass: LegalClass) => LEGAL_CLASSES.indexOf(legalClass);
  return rows.sort((a, b) => rank(a.legalClass) - rank(b.legalClass));
}

/**
 * Sets the carriers a class may travel by (each once, in the usual order) and its signature
 * threshold. USPS is refused for the classes the Postal Service does not carry for the public,
 * whatever else the operator chooses.
 */
export async function setClassShipping(
  deps: Pick<ServiceDeps, 'db' | 'bus' | 'log'>,
  legalClass: LegalClass,
  body: z.output<typeof ClassShippingBody>,
): Promise<ClassShippingView> {
  if (NOT_BY_USPS.includes(legalClass) && body.carriers.includes('usps'))
    throw new AppError(400, 'invalid_request', classShippingMessages.notByUsps(legalClass));
  const carriers = CARRIERS.filter((carrier) => body.carriers.includes(carrier));
  const row = await saveClassShipping(deps.db, { legalClass, carriers, adultSignatureOver: body.adultSignatureOver });
  await announceRulesChanged(deps);
  return row;
}
