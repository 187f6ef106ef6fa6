import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api-error.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import { ACCOUNT_PARAMS } from './accounts.js';
import type { WebhookDestination } from '../../storage/observability.js';
import { DELETED_ID, WEBHOOK_DELIVERY, WEBHOOK_DESTINATION, WEBHOOK_DESTINATION_CREATED } from '../results.js';

/** Most webhook destinations an account may hold. */
export const WEBHOOKS_PER_ACCOUNT = 50;

/** What a destination's sealed secret is bound to. */
export function webhookSecretContext(accountId: string, destinationId: string): string {
  return `ledge-webhook/v1\u0000${accountId}\u0000${destinationId}`;
}

const WEBHOOK_PARAMS = ACCOUNT_PARAMS.extend({ webhook_id: z.string().uuid({ error: 'expected a webhook id (a UUID)' }) });
const view = (d: WebhookDestination) => ({ id: d.id, url: d.url, on_new: d.on_new, threshold: d.threshold, quiet_period_seconds: d.quiet_period_seconds, created_on: new Date(d.created_at).toISOString() });

const auth = (group: 'observability:read' | 'observability:write') => ({ group });

/** Issue notification webhooks of an account (docs/observability.md, Notifications); `observability:write` on the account. */
export const WEBHOOK_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'observability.webhooks.create', result: WEBHOOK_DESTINATION_CREATED, method: 'POST', path: '/accounts/{account_id}/observability/webhooks', summary: 'Add a webhook destination for issue notifications; its signing secret is answered once',
    auth: auth('observability:write'), params: ACCOUNT_PARAMS, status: 201,
    body: z.strictObject({
      url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
      on_new: z.boolean().default(true).describe('notify when an issue is new'),
      threshold: z.number().int().min(1).max(1_000_000).nullable().default(null).describe('notify once when an issue reaches this many occurrences'),
      quiet_period_seconds: z.number().int().min(3600).max(365 * 86400).nullable().default(null).describe('notify when an issue recurs after this long without occurrences (1 hour to 365 days)'),
    }),
    async handler({ services, account, body }) {
      const observability = services.observability(account.id);
      const store = observability.store().webhooks;
      if (store.listDestinations().length >= WEBHOOKS_PER_ACCOUNT) throw new ApiError('conflict', `the account already has ${WEBHOOKS_PER_ACCOUNT} webhook destinations, the most it may hold`);
      const id = randomUUID();
      const secret = randomBytes(32).toString('hex');
      const destination: WebhookDestination = { id, url: body.url, sealed_secret: services.vault.seal(secret, webhookSecretContext(account.id, id)), on_new: body.on_new, threshold: body.threshold, quiet_period_seconds: body.quiet_period_seconds, created_at: services.clock.now() };
      store.addDestination(destination);
      return { result: { ...view(destination), secret }, messages: [{ code: 10000, message: 'the secret is shown once: store it now; deliveries carry webhook-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.path.body">' }] };
    },
  }),
  defineRoute({
    id: 'observability.webhooks.list', result: z.array(WEBHOOK_DESTINATION), method: 'GET', path: '/accounts/{account_id}/observability/webhooks', summary: "List the account's webhook destinations (never their secrets)",
    auth: auth('observability:read'), params: ACCOUNT_PARAMS,
    async handler({ services, account }) {
      return { result: services.observability(account.id).store().webhooks.listDestinations().map(view) };
    },
  }),
  defineRoute({
    id: 'observability.webhooks.delete', result: DELETED_ID, method: 'DELETE', path: '/accounts/{account_id}/observability/webhooks/{webhook_id}', summary: 'Delete a webhook destination and its delivery records',
    auth: auth('observability:write'), params: WEBHOOK_PARAMS,
    async handler({ services, account, params }) {
      if (!services.observability(account.id).store().webhooks.deleteDestination(params.webhook_id)) throw new ApiError('object_not_found', `no webhook ${params.webhook_id}`);
      return { result: { id: params.webhook_id } };
    },
  }),
  defineRoute({
    id: 'observability.webhooks.deliveries', result: z.array(WEBHOOK_DELIVERY), method: 'GET', path: '/accounts/{account_id}/observability/webhooks/{webhook_id}/deliveries', summary: 'Recent deliveries of a destination: event, status, attempts, last error',
    auth: auth('observability:read'), params: WEBHOOK_PARAMS,
    async handler({ services, account, params }) {
      const observability = services.observability(account.id);
      // An id of no destination of this account (another account's, a typo) is named as such, not answered with no deliveries.
      if (!observability.store().webhooks.listDestinations().some((d) => d.id === params.webhook_id)) throw new ApiError('object_not_found', `no webhook ${params.webhook_id}`);
      await observability.notifier?.tick();
      return { result: observability.store().webhooks.deliveries(params.webhook_id, 100).map(({ body: _body, ...rest }) => rest) };
    },
  }),
];
