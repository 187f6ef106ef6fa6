import { z } from 'zod';
import { fieldError } from '../api-error.js';
import { ASSETS_MISSING, ASSETS_UPLOADED } from '../results.js';
import { defineRoute, type RouteDefinition } from '../router.js';
import { ACCOUNT_PARAMS } from './accounts.js';
import { isLedgeError } from '../../platform/errors.js';
import { ASSET_LIMITS } from '../../entry/assets/scan.js';
import { CONTENT_HASH } from '../../storage/asset-content.js';

/** Raw bytes one upload request may carry (base64 in JSON keeps it under the API's 32 MiB body limit). */
export const ASSET_UPLOAD_BYTES = 16 * 1024 * 1024;

const HASH = z.string().regex(CONTENT_HASH, { error: 'expected a SHA-256 in lowercase hex' });
const BASE64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'expected base64' });

/**
 * The account's content store of asset files (docs/api.md, Assets): which hashes it lacks, and uploads in
 * parts. `ledge deploy` asks first and sends only what is missing; the version then names files by hash.
 */
export const ASSET_ROUTES: readonly RouteDefinition[] = [
  defineRoute({
    id: 'assets.missing', method: 'POST', path: '/accounts/{account_id}/assets/missing', summary: 'Which of these content hashes the account does not hold yet', result: ASSETS_MISSING,
    auth: { group: 'deployments:write', resource: 'any' }, params: ACCOUNT_PARAMS,
    body: z.strictObject({ hashes: z.array(HASH).max(ASSET_LIMITS.files) }),
    async handler({ services, account, body }) {
      const store = services.assetContent(account.id);
      return { result: { missing: [...new Set(body.hashes)].filter((hash) => !store.has(hash)) } };
    },
  }),
  defineRoute({
    id: 'assets.upload', method: 'POST', path: '/accounts/{account_id}/assets/upload', summary: 'Upload asset files, or parts of them, by content hash', result: ASSETS_UPLOADED,
    auth: { group: 'deployments:write', resource: 'any' }, params: ACCOUNT_PARAMS,
    body: z.strictObject({
      files: z.array(z.strictObject({
        hash: HASH,
        size: z.number().int().min(0).max(ASSET_LIMITS.fileBytes),
        /** Where this part starts; parts of one file arrive in order. @default 0 */
        offset: z.number().int().min(0).optional(),
        content_base64: BASE64,
      })).min(1).max(1000),
    }),
    async handler({ services, account, body }) {
      const store = services.assetContent(account.id);
      const decoded = body.files.map((f) => Buffer.from(f.content_base64, 'base64'));
      const total = decoded.reduce((sum, b) => sum + b.byteLength, 0);
      if (total > ASSET_UPLOAD_BYTES) throw fieldError('/body/files', `the parts add up to ${total} bytes; one request may carry at most ${ASSET_UPLOAD_BYTES}`);
      const held = body.files.map((file, i) => {
        try {
          return { hash: file.hash, received: store.write(file.hash, file.size, file.offset ?? 0, decoded[i] as Buffer), size: file.size };
        } catch (err) {
          if (isLedgeError(err)) throw fieldError(`/body/files/${i}`, err.message);
          throw err;
        }
      });
      return { result: { files: held } };
    },
  }),
];
