export { classifyAddress, classifyHostname, normalizeHostname, type AddressClass } from './address-class.ts'
export {
  channelPolicy,
  channelPorts,
  createOutboundPolicy,
  isAddressAllowed,
  isAddressClassAllowed,
  isPortAllowed,
  policyCacheKey,
  policyFor,
  userPorts,
  type OutboundPolicy,
  type OutboundPolicyKind,
  type OutboundPolicyOptions,
  type PortRange,
} from './address-policy.ts'
export {
  closeGuardedDispatchers,
  createGuardedConnector,
  createGuardedDispatcher,
  createGuardedLookup,
  getGuardedDispatcher,
  resolveAllowedAddresses,
  setOutboundTlsVerification,
  systemResolver,
  type GuardedDispatcherOptions,
  type OutboundResolver,
  type ResolvedAddress,
} from './guarded-dispatcher.ts'
export {
  guardedFetch,
  type GuardedFetchOptions,
  type GuardedRequestBody,
  type GuardedRequestInit,
} from './guarded-fetch.ts'
export {
  findOutboundBlockedError,
  OutboundBlockedError,
  OutboundResponseTooLargeError,
  type OutboundBlockedReason,
} from './outbound-errors.ts'
export { checkHostAndPort, checkOutboundUrl, effectivePort, namesPrivateAddress } from './url-check.ts'
