import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** Files up to this size are kept in memory once read; larger ones stream from disk on every request. */
export const CACHED_FILE_BYTES = 2 * 1024 * 1024;
/** Memory one content cache may hold. */
export const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;

/**
 * Asset bytes by content hash and file. Since a hash names one content forever, a cached copy never goes
 * stale: a changed file has a new hash. The file is part of the key so that accounts, whose contents live in
 * separate stores, never share an entry. One cache serves all versions of a platform; the oldest entries
 * leave first once the budget is spent.
 */
export class ContentCache {
  #entries = new Map<string, Uint8Array>();
  #bytes = 0;

  /** The whole content, from memory when it is there. */
  async bytes(hash: string, file: string, size: number): Promise<Uint8Array> {
    const key = `${hash}\u0000${file}`;
    const cached = this.#entries.get(key);
    if (cached) return cached;
    const read = new Uint8Array(await readFile(file));
    if (size <= CACHED_FILE_BYTES && read.byteLength === size) this.#remember(key, read);
    return read;
  }

  /** Whether the content is better read whole (small) than streamed. */
  cacheable(size: number): boolean {
    return size <= CACHED_FILE_BYTES;
  }

  /** Bytes `start..end` (inclusive) streamed from the file. */
  stream(file: string, start: number, end: number): AsyncIterable<Uint8Array> {
    return createReadStream(file, { start, end, highWaterMark: 64 * 1024 }) as AsyncIterable<Uint8Array>;
  }

  #remember(key: string, content: Uint8Array): void {
    this.#entries.set(key, content);
    this.#bytes += content.byteLength;
    for (const [oldest, value] of this.#entries) {
      if (this.#bytes <= CACHE_BUDGET_BYTES) break;
      this.#entries.delete(oldest);
      this.#bytes -= value.byteLength;
    }
  }
}
