import type { Json } from './request-values';
import type { XsdRequestType } from './xsd-sequences';

/**
 * What the simulator answers: a JSON body, nothing at all (the caller times out), or a dropped
 * connection. A hang may carry work the gateway does only once the caller has given up (`later`).
 */
export type SimulatorReply = { body: Json } | { hang: true; later?: () => Promise<void> } | { drop: true };

/** One API method of the gateway: the request (already checked against the XSD and authenticated) to its reply. */
export type RequestHandler = (req: Json) => Promise<SimulatorReply>;
export type Handlers = Record<XsdRequestType, RequestHandler>;

/** The gateway's envelope of a request that succeeded. */
export const OK = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };

/** The direct response of a card validated in liveMode, as the gateway writes it for an approval. */
export const APPROVED_VALIDATION =
  '1,1,1,This transaction has been approved.,000000,Y,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only';
