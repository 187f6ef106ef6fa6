import { z } from 'zod';
import type { CallSchemas } from '../protocol.js';

/** A request to the deployment's assets, as it travels to the host. */
export interface AssetRequest {
  method: string;
  url: string;
  headers: [string, string][];
}

/** What the host-side service answers for one request. */
export interface AssetAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array | null;
}

/** The calls of the assets binding (isolate: binding.ts, host: service.ts). */
export interface AssetsProtocol {
  fetch: { args: [request: AssetRequest]; result: AssetAnswer };
}

/** The argument schemas the host checks every assets call against. */
export const ASSETS_CALLS = {
  fetch: z.tuple([z.strictObject({ method: z.string(), url: z.string(), headers: z.array(z.tuple([z.string(), z.string()])) })]),
} satisfies CallSchemas<AssetsProtocol>;
