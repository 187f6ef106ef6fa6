/**
 * The process that runs one read-only SQL statement on a coordination object's database (read-query.ts starts
 * it). It reads its request as one JSON line on stdin, prints `ready` once the statement is prepared and checked,
 * then one JSON line with the answer, and exits. It runs in a process of its own so that a statement that never
 * ends (an endless recursive CTE under an aggregate returns no row to stop at) can be killed: the SQLite that
 * better-sqlite3 bundles is built without the progress callback (SQLITE_OMIT_PROGRESS_CALLBACK) and
 * `sqlite3_interrupt` is not exposed, so nothing inside a process can stop a statement that is stepping.
 */
import Database from 'better-sqlite3';

/** What the parent asks. */
export interface ReadQueryRequest {
  file: string;
  sql: string;
  params: (string | number | null)[];
  maxRows: number;
  maxBytes: number;
}

/** What the process answers (one JSON line after `ready`, or instead of it when the statement is refused). */
export type ReadQueryAnswer =
  | { ok: true; columns: string[]; rows: unknown[][]; more: boolean }
  | { ok: false; code: 'bad_argument' | 'not_found'; message: string };

/** A SQLite value made JSON-safe: BLOBs as base64, integers past 2^53 as decimal text, infinities spelled out. */
export function toJsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { $bytes: value.toString('base64') };
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) && BigInt(Number(value)) === value ? Number(value) : { $bigint: value.toString() };
  if (typeof value === 'number' && !Number.isFinite(value)) return { $number: String(value) };
  return value;
}

const sqliteMessage = (err: unknown) => {
  const e = err as { message?: string; code?: string };
  return e.code?.startsWith('SQLITE_') ? `${e.message ?? String(err)}: ${e.code}` : e.message ?? String(err);
};

/** Runs the request; `ready` is called once the statement is prepared and will run (the parent's clock starts). */
export function runRequest(request: ReadQueryRequest, ready: () => void): ReadQueryAnswer {
  let db: Database.Database;
  try {
    // Read-only at SQLite's level: whatever the statement is, the connection cannot change the file.
    db = new Database(request.file, { readonly: true, fileMustExist: true });
  } catch (err) {
    return { ok: false, code: 'not_found', message: `the object has no database to read (${sqliteMessage(err)})` };
  }
  try {
    db.pragma('busy_timeout = 2000');
    // The schema was written by the application's code, which is untrusted: its views and triggers call no
    // function marked unsafe, and nothing but reading happens on this connection.
    db.pragma('trusted_schema = OFF');
    db.pragma('query_only = ON');
    // A sort or a temporary table stays in this process's bounded memory rather than growing a file in /tmp.
    db.pragma('temp_store = MEMORY');
    let statement: Database.Statement;
    try {
      statement = db.prepare(request.sql);
    } catch (err) {
      return { ok: false, code: 'bad_argument', message: sqliteMessage(err) };
    }
    if (!statement.reader) return { ok: false, code: 'bad_argument', message: 'only a statement that returns rows (SELECT, a read-only PRAGMA) can run here: the object is read-only through this operation' };
    if (!statement.readonly) return { ok: false, code: 'bad_argument', message: 'a statement that may write (SQLite does not mark it read-only) cannot run here: the object is read-only through this operation' };
    statement.raw(true);
    statement.safeIntegers(true);
    const columns = statement.columns().map((c) => c.name);
    const rows: unknown[][] = [];
    let bytes = 0;
    let more = false;
    ready();
    try {
      for (const row of statement.iterate(...request.params) as IterableIterator<unknown[]>) {
        if (rows.length === request.maxRows) { more = true; break; }
        const values = row.map(toJsonValue);
        const size = Buffer.byteLength(JSON.stringify(values)) + 1;
        if (bytes + size > request.maxBytes) {
          if (rows.length === 0) return { ok: false, code: 'bad_argument', message: `the first row alone is ${size} bytes as JSON, over the ${request.maxBytes} bytes one answer may hold: select fewer or shorter columns (substr(), length(), hex())` };
          more = true;
          break;
        }
        bytes += size;
        rows.push(values);
      }
    } catch (err) {
      return { ok: false, code: 'bad_argument', message: sqliteMessage(err) };
    }
    return { ok: true, columns, rows, more };
  } finally {
    db.close();
  }
}

/** The process's main: one request on stdin, the answer on stdout. */
async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReadQueryRequest;
  const answer = runRequest(request, () => process.stdout.write('ready\n'));
  process.stdout.write(`${JSON.stringify(answer)}\n`, () => process.exit(0));
}

// Only as a process's entry (the parent runs this file), never when imported.
if (process.argv[2] === '--ledge-read-query') {
  main().catch((err: unknown) => {
    process.stdout.write(`${JSON.stringify({ ok: false, code: 'bad_argument', message: `the query process failed: ${(err as Error).message}` })}\n`, () => process.exit(1));
  });
}
