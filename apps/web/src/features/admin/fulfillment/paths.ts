import { paths } from '../../../lib/paths';

// A packing slip lives under the Fulfillment area's address: /admin/fulfillment/<shipmentId>/slip.

/** The router's pattern for one shipment's printable packing slip. */
export const packingSlipRoute = `${paths.adminFulfillment}/:shipmentId/slip`;

/** The packing slip of one shipment (opened in a tab of its own to print). */
export const packingSlipPath = (shipmentId: string) =>
  `${paths.adminFulfillment}/${encodeURIComponent(shipmentId)}/slip`;
