// What the fulfillment domain offers the others: a domain imports another only through its entry file
// (scripts/boundaries/api-rules.mjs checks it), so this list is the whole of what they share.
export { recordSettlement } from './capture';
export { returnToAuthorized, takeAuthorized } from './capture.repository';
export { businessDaysAfter, utcDay } from './ship-by';
export { fulfillmentSettings } from './shipments';
export { type TrackingProvider, tracking } from './tracking';
export { toOrderShipment } from './views';
