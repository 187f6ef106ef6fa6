import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';
import { LedgeError } from '../../../platform/errors.js';
import type { CoordinationQueryResult } from '../../ports.js';
import type { ReadQueryAnswer, ReadQueryRequest } from './read-query-process.js';

/** The bounds of one read-only query on an object (docs/bindings/coordination.md, Operating objects). */
export const READ_QUERY_LIMITS = {
  /** Rows one answer holds at most; past them `more` is true. */
  rows: 1000,
  /** Bytes of the rows as JSON one answer holds at most; past them `more` is true. */
  bytes: 1_048_576,
  /** Time the statement may run once prepared; then its process is killed. */
  timeMs: 5000,
  /** Time a query process may take to start and prepare the statement (a loaded machine starts processes slowly). */
  startMs: 30_000,
  /** Queries running at once in this process; one more is refused until one ends. */
  concurrent: 4,
  /** Queries running at once on one store (one account under ledge serve), so one account cannot take every slot. */
  concurrentPerStore: 2,
  /** Bound values one query takes. */
  params: 100,
  /** Characters of SQL one query takes (the most an object's own statement may have). */
  sqlChars: 100_000,
  /** Address space of a query process (RLIMIT_AS): values SQLite makes past it fail with `out of memory`. */
  memoryBytes: 1024 * 1_048_576,
} as const;

let running = 0;

/**
 * The query process's script: its compiled JavaScript beside this file, or, when Ledge runs from its TypeScript
 * sources (tests, through tsx), the source bundled once per process (as record-writer.ts does for its worker).
 */
function processScript(): string {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./read-query-process.js', import.meta.url));
  const outfile = fileURLToPath(new URL(`../../../../node_modules/.cache/ledge-read-query-${process.pid}.mjs`, import.meta.url));
  mkdirSync(path.dirname(outfile), { recursive: true });
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  buildSync({ entryPoints: [fileURLToPath(new URL('./read-query-process.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  return outfile;
}
let script: string | undefined;

/**
 * Runs one read-only statement on the SQLite database `file` in a process of its own, on a read-only connection
 * (a writer of the file is not blocked: WAL readers read a snapshot). The process is killed when the statement
 * runs past `READ_QUERY_LIMITS.timeMs`; its answer holds at most `rows` rows and `bytes` bytes of JSON.
 * Refusals are `bad_argument` (the statement) or `not_found` (no database); a failed process is `operation_failed`.
 */
export async function runReadQuery(file: string, sql: string, params: readonly unknown[] = []): Promise<CoordinationQueryResult> {
  if (typeof sql !== 'string' || sql.trim() === '') throw new LedgeError('bad_argument', 'sql: give one SQL statement');
  if (sql.length > READ_QUERY_LIMITS.sqlChars) throw new LedgeError('bad_argument', `sql: at most ${READ_QUERY_LIMITS.sqlChars} characters (got ${sql.length})`);
  if (params.length > READ_QUERY_LIMITS.params) throw new LedgeError('bad_argument', `params: at most ${READ_QUERY_LIMITS.params} bound values`);
  params.forEach((value, i) => {
    if (!(value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))) throw new LedgeError('bad_argument', `params[${i}]: expected a string, a finite number or null`);
  });
  if (running >= READ_QUERY_LIMITS.concurrent) throw new LedgeError('wrong_state', `${running} read-only queries are running on this platform already; try again when one has finished`);
  running++;
  try {
    const request: ReadQueryRequest = { file, sql, params: params as ReadQueryRequest['params'], maxRows: READ_QUERY_LIMITS.rows, maxBytes: READ_QUERY_LIMITS.bytes };
    const answer = await runProcess(request);
    if (!answer.ok) throw new LedgeError(answer.code, answer.message);
    return { columns: answer.columns, rows: answer.rows, more: answer.more };
  } finally {
    running--;
  }
}

/** Starts the query process, gives it the request and waits for its answer, killing it past its time. */
function runProcess(request: ReadQueryRequest): Promise<ReadQueryAnswer> {
  script ??= processScript();
  // The JSON of the rows is bounded by the process; this bounds what the parent keeps if it misbehaves.
  const maxOutput = READ_QUERY_LIMITS.bytes * 2 + 1_048_576;
  return new Promise((resolve, reject) => {
    // Nothing of the platform's environment (tokens, paths) reaches it. Its memory is bounded by the shell's
    // `ulimit -v` (RLIMIT_AS; SQLite's own heap limit needs memory statistics, which better-sqlite3 builds without):
    // a statement making huge values (randomblob(1e8) in every column) fails with `out of memory` instead of
    // taking the machine's memory. Few malloc arenas keep glibc's reservations inside that bound.
    const child = spawn('/bin/sh', ['-c', 'ulimit -v "$LEDGE_QUERY_KB" 2>/dev/null; exec "$@"', 'sh', process.execPath, '--max-old-space-size=256', script as string, '--ledge-read-query'], {
      stdio: ['pipe', 'pipe', 'ignore'], env: { LEDGE_QUERY_KB: String(READ_QUERY_LIMITS.memoryBytes / 1024), MALLOC_ARENA_MAX: '2' },
    });
    let output = '';
    let outputBytes = 0;
    let settled = false;
    let timer = setTimeout(() => stop(new LedgeError('operation_failed', `the query process did not start within ${READ_QUERY_LIMITS.startMs / 1000} s`)), READ_QUERY_LIMITS.startMs);
    let prepared = false;
    const stop = (outcome: Error | ReadQueryAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    child.on('error', (err) => stop(new LedgeError('operation_failed', `the query process could not start: ${err.message}`)));
    child.stdin.on('error', () => { /* the process ended early: its exit says why */ });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      outputBytes += Buffer.byteLength(chunk);
      if (outputBytes > maxOutput) return stop(new LedgeError('operation_failed', 'the query process answered more than its limit'));
      output += chunk;
      if (output.startsWith('ready\n')) {
        output = output.slice('ready\n'.length);
        clearTimeout(timer);
        prepared = true;
        timer = setTimeout(() => stop(new LedgeError('bad_argument', `the statement ran longer than ${READ_QUERY_LIMITS.timeMs / 1000} s, the time limit of a read-only query, and was stopped`)), READ_QUERY_LIMITS.timeMs);
      }
      const end = output.indexOf('\n');
      if (end < 0 || output === '' || output.startsWith('ready')) return;
      try {
        stop(JSON.parse(output.slice(0, end)) as ReadQueryAnswer);
      } catch {
        stop(new LedgeError('operation_failed', 'the query process gave an answer that is not JSON'));
      }
    });
    child.on('close', (code, signal) => {
      if (settled) return;
      // After `ready` the process dies on its own mostly when the statement's values do not fit its memory.
      if (signal && signal !== 'SIGKILL' && prepared) stop(new LedgeError('bad_argument', `the query process stopped (${signal}) while running the statement: out of memory? A query may use ${READ_QUERY_LIMITS.memoryBytes / 1_048_576} MiB`));
      else stop(new LedgeError('operation_failed', `the query process ended without an answer (${signal ?? `exit code ${String(code)}`})`));
    });
    child.stdin.end(JSON.stringify(request));
  });
}

/**
 * The operator's read-only query of one store (in-process or process-backed): the object's database must exist, and
 * at most READ_QUERY_LIMITS.concurrentPerStore run at once.
 */
export function boundedReadQueries(): (file: string, id: string, sql: string, params?: readonly unknown[]) => Promise<CoordinationQueryResult> {
  let running = 0;
  return async (file, id, sql, params) => {
    if (!existsSync(file)) throw new LedgeError('not_found', `object ${id} has no database (it holds no data)`);
    if (running >= READ_QUERY_LIMITS.concurrentPerStore) throw new LedgeError('wrong_state', `${running} read-only queries are running on these objects already; try again when one has finished`);
    running++;
    try {
      return await runReadQuery(file, sql, params);
    } finally {
      running--;
    }
  };
}
