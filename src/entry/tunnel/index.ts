// The tunnel's ingress rules: what the connector and `ledge tunnel ingress` use (docs/tunnels.md).
export {
  DEFAULT_INGRESS_FILE, compilePath, decodePath, loadIngress, matchRule, matchUrl, parseIngress, validateIngress,
  type IngressConfig, type IngressMatch, type IngressProblem, type IngressRule, type IngressSource,
} from './ingress.js';
export { CATCH_ALL_SERVICE, formatService, parseService, type IngressService } from './service.js';
export type { OriginAccess, OriginRequest } from './origin-request.js';
