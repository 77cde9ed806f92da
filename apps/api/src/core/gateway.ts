/**
 * How a call to the payment gateway can fail: the gateway client's errors carry one, and the gateway
 * histogram labels its calls with it, so both layers name failures the same way.
 */
export type GatewayFailure = 'declined' | 'error' | 'timeout' | 'unavailable';
