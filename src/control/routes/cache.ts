import { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../router.js';
import { cacheKeyOf, MAX_PURGE_URLS } from '../../bindings/cache/limits.js';
import { ACCOUNT_PARAMS } from './accounts.js';

const PURGE_URL = z.string().max(16 * 1024).transform((url, ctx) => {
  const key = cacheKeyOf(url);
  if (key === null) ctx.addIssue({ code: 'custom', message: 'expected an http: or https: URL' });
  return key ?? url;
});

/** The Cache API's stored responses (docs/cache.md): purging by URL or all. */
export const CACHE_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'cache.purge', method: 'POST', path: '/accounts/{account_id}/cache/purge', summary: "Purge the account's Cache API entries for some URLs, or all of them",
    auth: { group: 'cache:write' }, params: ACCOUNT_PARAMS,
    body: z.strictObject({
      files: z.array(PURGE_URL).min(1).max(MAX_PURGE_URLS).optional(),
      purge_everything: z.literal(true).optional(),
    }).refine((b) => (b.files === undefined) !== (b.purge_everything === undefined), { error: 'give either files (a list of URLs) or purge_everything: true' }),
    result: z.object({ purged: z.number() }),
    async handler({ services, account, body }) {
      const purged = await services.data(account.id).cache.purge(body.files ?? null);
      return { result: { purged } };
    },
  }),
];
