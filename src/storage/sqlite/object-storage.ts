import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { prefixEnd } from './keys.js';
import type { BlobWriter, ObjectStoragePort, StoredObject, StoredPart, StoredUpload } from '../ports.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Objects on SQLite (metadata) and files (bodies). A body is written to a temporary file, fsynced and
 * renamed under a fresh id before its metadata commits, so no reader and no crash ever sees a partial
 * object; a crash can only leave a body no metadata names, which is removed at the next start.
 */
export function createSqliteObjectStorage(db: Database.Database, blobDir: string): ObjectStoragePort {
  mkdirSync(blobDir, { recursive: true });
  db.exec(`CREATE TABLE IF NOT EXISTS objects (
      bucket TEXT NOT NULL, key BLOB NOT NULL, version TEXT NOT NULL, size INTEGER NOT NULL, etag TEXT NOT NULL,
      uploaded INTEGER NOT NULL, http_metadata TEXT NOT NULL, custom_metadata TEXT NOT NULL, checksums TEXT NOT NULL,
      blob_id TEXT NOT NULL, PRIMARY KEY (bucket, key)) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS uploads (
      upload_id TEXT PRIMARY KEY, bucket TEXT NOT NULL, key TEXT NOT NULL, initiated INTEGER NOT NULL,
      http_metadata TEXT NOT NULL, custom_metadata TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS parts (
      upload_id TEXT NOT NULL, part_number INTEGER NOT NULL, size INTEGER NOT NULL, md5 TEXT NOT NULL, blob_id TEXT NOT NULL,
      PRIMARY KEY (upload_id, part_number));
    CREATE TABLE IF NOT EXISTS lifecycle (bucket TEXT PRIMARY KEY, rules TEXT NOT NULL);`);
  sweepOrphans(db, blobDir);

  const blobPath = (id: string) => path.join(blobDir, id);
  const selectObject = db.prepare('SELECT * FROM objects WHERE bucket = ? AND key = ?');
  const upsert = db.prepare(`INSERT OR REPLACE INTO objects (bucket, key, version, size, etag, uploaded, http_metadata, custom_metadata, checksums, blob_id)
    VALUES (@bucket, @key, @version, @size, @etag, @uploaded, @http_metadata, @custom_metadata, @checksums, @blob_id)`);
  const removeBlob = (id: string) => rm(blobPath(id), { force: true });

  return {
    async head(bucket, key) {
      const row = selectObject.get(bucket, encoder.encode(key)) as ObjectRow | undefined;
      return row ? fromRow(row) : null;
    },
    async read(blobId, offset, length) {
      if (length === 0) return new Uint8Array(0);
      const handle = await open(blobPath(blobId), 'r');
      try {
        const buffer = new Uint8Array(length);
        let done = 0;
        while (done < length) {
          const { bytesRead } = await handle.read(buffer, done, length - done, offset + done);
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        return done === length ? buffer : buffer.subarray(0, done);
      } finally {
        await handle.close();
      }
    },
    async createBlob() {
      return createWriter(blobDir);
    },
    async concatBlobs(blobIds) {
      const writer = await createWriter(blobDir);
      try {
        for (const id of blobIds) {
          for await (const chunk of createReadStream(blobPath(id), { highWaterMark: 1 << 20 })) await writer.write(chunk as Buffer);
        }
        return await writer.finish();
      } catch (err) {
        await writer.abort();
        throw err;
      }
    },
    async commit(object, accept) {
      let replaced: string | undefined;
      const committed = db.transaction(() => {
        const row = selectObject.get(object.bucket, encoder.encode(object.key)) as ObjectRow | undefined;
        const existing = row ? fromRow(row) : null;
        if (accept && !accept(existing)) return false;
        upsert.run(toRow(object));
        replaced = existing?.blobId;
        return true;
      })();
      if (!committed) await removeBlob(object.blobId);
      else if (replaced && replaced !== object.blobId) await removeBlob(replaced);
      return committed;
    },
    async delete(bucket, keys) {
      const doomed: string[] = [];
      db.transaction(() => {
        for (const key of keys) {
          const row = selectObject.get(bucket, encoder.encode(key)) as ObjectRow | undefined;
          if (!row) continue;
          db.prepare('DELETE FROM objects WHERE bucket = ? AND key = ?').run(bucket, encoder.encode(key));
          doomed.push(row.blob_id);
        }
      })();
      await Promise.all(doomed.map(removeBlob));
    },
    async list(bucket, options) {
      const prefix = encoder.encode(options.prefix);
      const after = options.after === null ? new Uint8Array(0) : encoder.encode(options.after);
      const upper = prefixEnd(prefix);
      const rows = db.prepare(`SELECT * FROM objects WHERE bucket = ? AND key >= ? AND key > ? AND (? IS NULL OR key < ?) ORDER BY key LIMIT ?`)
        .all(bucket, prefix, after, upper, upper, options.limit) as ObjectRow[];
      return rows.map(fromRow);
    },
    async createUpload(upload) {
      db.prepare('INSERT INTO uploads (upload_id, bucket, key, initiated, http_metadata, custom_metadata) VALUES (?, ?, ?, ?, ?, ?)')
        .run(upload.uploadId, upload.bucket, upload.key, upload.initiated, JSON.stringify(upload.httpMetadata), JSON.stringify(upload.customMetadata));
    },
    async getUpload(bucket, uploadId) {
      const row = db.prepare('SELECT * FROM uploads WHERE bucket = ? AND upload_id = ?').get(bucket, uploadId) as UploadRow | undefined;
      return row ? fromUploadRow(row) : null;
    },
    async putPart(uploadId, part) {
      let replaced: string | undefined;
      db.transaction(() => {
        replaced = (db.prepare('SELECT blob_id FROM parts WHERE upload_id = ? AND part_number = ?').get(uploadId, part.partNumber) as { blob_id: string } | undefined)?.blob_id;
        db.prepare('INSERT OR REPLACE INTO parts (upload_id, part_number, size, md5, blob_id) VALUES (?, ?, ?, ?, ?)').run(uploadId, part.partNumber, part.size, part.md5, part.blobId);
      })();
      if (replaced) await removeBlob(replaced);
    },
    async listParts(uploadId) {
      return (db.prepare('SELECT part_number, size, md5, blob_id FROM parts WHERE upload_id = ? ORDER BY part_number').all(uploadId) as { part_number: number; size: number; md5: string; blob_id: string }[])
        .map((r): StoredPart => ({ partNumber: r.part_number, size: r.size, md5: r.md5, blobId: r.blob_id }));
    },
    async deleteUpload(uploadId, keepBlobs = false) {
      const blobs = (db.prepare('SELECT blob_id FROM parts WHERE upload_id = ?').all(uploadId) as { blob_id: string }[]).map((r) => r.blob_id);
      db.transaction(() => {
        db.prepare('DELETE FROM parts WHERE upload_id = ?').run(uploadId);
        db.prepare('DELETE FROM uploads WHERE upload_id = ?').run(uploadId);
      })();
      if (!keepBlobs) await Promise.all(blobs.map(removeBlob));
    },
    async listUploads(bucket) {
      return (db.prepare('SELECT * FROM uploads WHERE bucket = ? ORDER BY initiated').all(bucket) as UploadRow[]).map(fromUploadRow);
    },
    async getLifecycle(bucket) {
      const row = db.prepare('SELECT rules FROM lifecycle WHERE bucket = ?').get(bucket) as { rules: string } | undefined;
      return row ? (JSON.parse(row.rules) as unknown[]) : null;
    },
    async setLifecycle(bucket, rules) {
      db.prepare('INSERT OR REPLACE INTO lifecycle (bucket, rules) VALUES (?, ?)').run(bucket, JSON.stringify(rules));
    },
  };
}

interface ObjectRow {
  bucket: string; key: Buffer; version: string; size: number; etag: string; uploaded: number;
  http_metadata: string; custom_metadata: string; checksums: string; blob_id: string;
}

interface UploadRow { upload_id: string; bucket: string; key: string; initiated: number; http_metadata: string; custom_metadata: string }

function fromRow(row: ObjectRow): StoredObject {
  return {
    bucket: row.bucket, key: decoder.decode(row.key), version: row.version, size: row.size, etag: row.etag, uploaded: row.uploaded,
    httpMetadata: JSON.parse(row.http_metadata) as Record<string, string | number>, customMetadata: JSON.parse(row.custom_metadata) as Record<string, string>,
    checksums: JSON.parse(row.checksums) as Record<string, string>, blobId: row.blob_id,
  };
}

function toRow(o: StoredObject): Record<string, unknown> {
  return {
    bucket: o.bucket, key: encoder.encode(o.key), version: o.version, size: o.size, etag: o.etag, uploaded: o.uploaded,
    http_metadata: JSON.stringify(o.httpMetadata), custom_metadata: JSON.stringify(o.customMetadata), checksums: JSON.stringify(o.checksums), blob_id: o.blobId,
  };
}

function fromUploadRow(row: UploadRow): StoredUpload {
  return { bucket: row.bucket, key: row.key, uploadId: row.upload_id, initiated: row.initiated, httpMetadata: JSON.parse(row.http_metadata) as Record<string, string | number>, customMetadata: JSON.parse(row.custom_metadata) as Record<string, string> };
}

async function createWriter(blobDir: string): Promise<BlobWriter> {
  const id = randomBytes(16).toString('hex');
  const tmp = path.join(blobDir, `${id}.tmp`);
  const handle = await open(tmp, 'w');
  let closed = false;
  return {
    async write(chunk) {
      let done = 0;
      while (done < chunk.byteLength) done += (await handle.write(chunk, done, chunk.byteLength - done)).bytesWritten;
    },
    async finish() {
      await handle.sync();
      await handle.close();
      closed = true;
      await rename(tmp, path.join(blobDir, id));
      return id;
    },
    async abort() {
      if (!closed) await handle.close();
      closed = true;
      await rm(tmp, { force: true });
    },
  };
}

/** Bodies no metadata names (a crash between writing a body and committing it) and temporary files are removed. */
function sweepOrphans(db: Database.Database, blobDir: string): void {
  if (!existsSync(blobDir)) return;
  const named = new Set<string>([
    ...(db.prepare('SELECT blob_id FROM objects').all() as { blob_id: string }[]).map((r) => r.blob_id),
    ...(db.prepare('SELECT blob_id FROM parts').all() as { blob_id: string }[]).map((r) => r.blob_id),
  ]);
  for (const file of readdirSync(blobDir)) {
    if (!named.has(file)) rmSync(path.join(blobDir, file), { force: true });
  }
}
