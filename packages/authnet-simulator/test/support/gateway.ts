// Talking to the simulated gateway as a stranger or a merchant would: over HTTP, with the
// gateway's JSON. The client is @vault/testing's, shared with the app's tests of its mounted simulator.
export {
  type CardToTokenize,
  type GatewayJson,
  type GatewayReply,
  type OpaqueData,
  postGateway,
  SIM_TABLES,
  simulatorState,
  tokenizeCard,
} from '@vault/testing';
