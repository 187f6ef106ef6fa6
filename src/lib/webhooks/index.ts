export { verifyWebhook, createWebhookVerifier } from './verify.js';
export type { WebhookVerifyOptions, VerifiedWebhook, ReplayStore } from './verify.js';
export { signWebhook } from './sign.js';
export type { WebhookSignInput } from './sign.js';
export { WEBHOOK_SCHEMES, MIN_SECRET_BYTES } from './scheme.js';
export type { WebhookScheme, SignedPart } from './scheme.js';
export { WebhookError, WEBHOOK_ERROR_CODES, isWebhookError, webhookRefused } from './errors.js';
export type { WebhookErrorCode } from './errors.js';
