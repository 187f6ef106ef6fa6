export { createCsrfGuard, SAFE_METHODS } from './guard.js';
export type { CsrfGuardOptions, CsrfRequest, CsrfRefusalReason } from './guard.js';
export { withCsrfVary, CSRF_VARY } from './vary.js';
