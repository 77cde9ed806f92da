import { type Carrier, trackingUrl } from '@vault/contracts';

/**
 * Where a parcel's journey is read. Carrier webhooks cannot reach this shop, so delivery is
 * marked by the admin today (the manual provider: a link to the carrier's tracking page and no
 * status of its own). A real carrier tracking API (EasyPost, AfterShip, a carrier's own) plugs in
 * here by implementing `status`; whatever polls it then marks packages delivered through the
 * same conditional step the admin's button uses (deliverShipment).
 */
export interface TrackingProvider {
  readonly name: string;
  /** The page a member follows to see where the parcel is. */
  trackingUrl(carrier: Carrier, trackingNumber: string): string;
  /** What the carrier says of the parcel, when the provider can ask it. */
  status?(carrier: Carrier, trackingNumber: string): Promise<'in_transit' | 'delivered' | 'unknown'>;
}

/** Links to the carrier's own tracking page; the admin marks delivery. */
export const manualTracking: TrackingProvider = { name: 'manual', trackingUrl };

/** The provider in use. */
export const tracking: TrackingProvider = manualTracking;
