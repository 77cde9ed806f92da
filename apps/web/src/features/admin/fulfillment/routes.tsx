import { useCurrentUser } from '../../../hooks/use-current-user';
import { AdminAccessRequired } from '../admin-access';
import { FulfillmentPage } from './fulfillment-page';
import { PackingSlipPage } from './packing-slip-page';

// The Fulfillment area is part of the admin page: everyone but an admin sees Admin Access Required
// there, as at /admin/eligibility and /admin/members.

/** /admin/fulfillment */
export function AdminFulfillmentRoute() {
  return useCurrentUser().data?.role === 'admin' ? <FulfillmentPage /> : <AdminAccessRequired />;
}

/** /admin/fulfillment/:shipmentId/slip */
export function PackingSlipRoute() {
  return useCurrentUser().data?.role === 'admin' ? <PackingSlipPage /> : <AdminAccessRequired />;
}
