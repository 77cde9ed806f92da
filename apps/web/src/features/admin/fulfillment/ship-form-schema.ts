import { type AdminShipment, Carrier, carrierFormats } from '@vault/contracts';
import { z } from 'zod';
import { trackingProblem } from './shipment-text';

/**
 * The Ship form as the admin fills it: a carrier, one of its services, and a tracking number that
 * fits that carrier's format, refused in the server's own words before it is sent.
 */
export const ShipFormSchema = z
  .object({ carrier: Carrier, service: z.string(), trackingNumber: z.string() })
  .superRefine((values, ctx) => {
    const problem = trackingProblem(values.carrier, values.trackingNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
  });
export type ShipFormValues = z.infer<typeof ShipFormSchema>;

/** The first carrier the package's items allow and that carrier's first service. */
export function shipFormDefaults(shipment: Pick<AdminShipment, 'carriers'>): ShipFormValues {
  const carrier = shipment.carriers[0] ?? 'ups';
  return { carrier, service: carrierFormats[carrier].services[0] ?? '', trackingNumber: '' };
}
