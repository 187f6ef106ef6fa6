import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { ProjectAssets } from '../config/load.js';
import { parseHeaders, parseRedirects } from '../entry/assets/rules.js';
import { scanAssetDirectory, type ScannedAssets } from '../entry/assets/scan.js';
import { accountPath, type ApiClient } from './api-client.js';

/** Raw bytes the CLI puts in one upload request (the API takes up to 16 MiB; half leaves room for base64 and JSON). */
const UPLOAD_BATCH_BYTES = 8 * 1024 * 1024;

/** The project's assets as read for a deploy, and which of their contents the platform lacks. */
export interface AssetsToDeploy {
  scanned: ScannedAssets;
  /** Content hashes the account does not hold yet. */
  missing: string[];
  /** Bytes those hashes add up to. */
  missingBytes: number;
}

/**
 * Reads the assets directory (refusing past the limits, naming the file), checks its rule files as the
 * platform will, and asks the platform which contents it lacks: only those are uploaded (docs/assets.md, Uploads).
 */
export async function prepareAssets(client: ApiClient, accountId: string, assets: ProjectAssets): Promise<AssetsToDeploy> {
  const scanned = await scanAssetDirectory(assets.directory);
  const dir = path.basename(assets.directory);
  if (scanned.headersText !== null) parseHeaders(scanned.headersText, `${dir}/_headers`);
  if (scanned.redirectsText !== null) parseRedirects(scanned.redirectsText, `${dir}/_redirects`);
  const answer = await client.request<{ missing: string[] }>('POST', accountPath(accountId, 'assets', 'missing'), { hashes: [...scanned.paths.keys()] });
  const sizes = new Map([...scanned.files.values()].map((e) => [e.hash, e.size]));
  const missing = answer.result.missing;
  return { scanned, missing, missingBytes: missing.reduce((sum, hash) => sum + (sizes.get(hash) ?? 0), 0) };
}

/** Uploads the missing contents in requests of at most UPLOAD_BATCH_BYTES, a large file in several parts. */
export async function uploadMissing(client: ApiClient, accountId: string, prepared: AssetsToDeploy): Promise<void> {
  const sizes = new Map([...prepared.scanned.files.values()].map((e) => [e.hash, e.size]));
  let batch: { hash: string; size: number; offset: number; content_base64: string }[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await client.request('POST', accountPath(accountId, 'assets', 'upload'), { files: batch });
    batch = [];
    batchBytes = 0;
  };
  for (const hash of prepared.missing) {
    const file = prepared.scanned.paths.get(hash) as string;
    const size = sizes.get(hash) ?? 0;
    let offset = 0;
    do {
      const length = Math.min(size - offset, UPLOAD_BATCH_BYTES - batchBytes);
      if (length === 0 && size > 0) {
        await flush();
        continue;
      }
      batch.push({ hash, size, offset, content_base64: readPart(file, offset, length).toString('base64') });
      batchBytes += length;
      offset += length;
      if (batchBytes >= UPLOAD_BATCH_BYTES || batch.length >= 1000) await flush();
    } while (offset < size);
  }
  await flush();
}

/** The deploy body's `assets`: each URL path's hash and size, and the rule files. */
export function assetsBody(prepared: AssetsToDeploy): Record<string, unknown> {
  const files: Record<string, { hash: string; size: number }> = {};
  for (const [pathname, entry] of prepared.scanned.files) files[pathname] = { hash: entry.hash, size: entry.size };
  return {
    files,
    ...(prepared.scanned.headersText === null ? {} : { headers: prepared.scanned.headersText }),
    ...(prepared.scanned.redirectsText === null ? {} : { redirects: prepared.scanned.redirectsText }),
  };
}

function readPart(file: string, offset: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    let done = 0;
    while (done < length) {
      const n = readSync(fd, buffer, done, length - done, offset + done);
      if (n === 0) break;
      done += n;
    }
  } finally {
    closeSync(fd);
  }
  return buffer;
}
