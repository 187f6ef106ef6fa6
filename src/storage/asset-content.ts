import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { LedgeError } from '../platform/errors.js';

/** Limits of one version's assets (docs/assets.md, the original platform's). */
export const ASSET_LIMITS = Object.freeze({
  /** Bytes of one file: 25 MiB. */
  fileBytes: 25 * 1024 * 1024,
  /** Files in one version. */
  files: 20_000,
});

/** A SHA-256 in hex: the only names the content store knows. */
export const CONTENT_HASH = /^[0-9a-f]{64}$/;

/**
 * One account's asset files by content hash (`<dir>/<first two>/<hash>`), shared by all its versions: a
 * file uploaded once is never sent again, and a rollback needs nothing (docs/assets.md, Uploads). A file
 * arrives in parts appended in order to `<hash>.part`; once it has its full size its hash is checked and it
 * is renamed into place, so a stored file always holds the content its name says.
 */
export interface AssetContentStore {
  has(hash: string): boolean;
  /** Appends `bytes` at `offset` of the file `hash` of `size` bytes; returns the bytes held so far (`size` once stored). */
  write(hash: string, size: number, offset: number, bytes: Uint8Array): number;
  /** Where a stored file lies. */
  pathOf(hash: string): string;
}

export function openAssetContentStore(dir: string): AssetContentStore {
  const pathOf = (hash: string) => path.join(dir, hash.slice(0, 2), hash);
  return {
    has: (hash) => CONTENT_HASH.test(hash) && existsSync(pathOf(hash)),
    pathOf,
    write(hash, size, offset, bytes) {
      if (!CONTENT_HASH.test(hash)) throw new LedgeError('assets_invalid', `"${hash}" is not a SHA-256 in hex`);
      if (size > ASSET_LIMITS.fileBytes) throw new LedgeError('assets_invalid', `${hash}: ${size} bytes; one file may be at most ${ASSET_LIMITS.fileBytes} bytes (25 MiB)`);
      const final = pathOf(hash);
      if (existsSync(final)) return size;
      mkdirSync(path.dirname(final), { recursive: true });
      const part = `${final}.part`;
      const held = existsSync(part) ? statSync(part).size : 0;
      // A part sent again after a lost answer is accepted as already held; a gap is refused.
      if (offset !== held && !(offset < held && offset + bytes.byteLength <= held)) {
        throw new LedgeError('assets_invalid', `${hash}: the next part must start at byte ${held}, not ${offset}`);
      }
      if (offset + bytes.byteLength > size) throw new LedgeError('assets_invalid', `${hash}: the parts add up to more than the declared ${size} bytes`);
      let now = held;
      if (offset === held) {
        const fd = openSync(part, 'a');
        try {
          writeSync(fd, bytes);
        } finally {
          closeSync(fd);
        }
        now = held + bytes.byteLength;
      }
      if (now < size) return now;
      const actual = createHash('sha256').update(readFileSync(part)).digest('hex');
      if (actual !== hash) {
        rmSync(part, { force: true });
        throw new LedgeError('assets_invalid', `${hash}: the uploaded content hashes to ${actual}; it was discarded`);
      }
      renameSync(part, final);
      return size;
    },
  };
}
