/**
 * The host side of a store process: a child process that runs one account's stores (its SQL databases) so
 * that a statement that never ends can be stopped by killing the process. The SQLite that better-sqlite3
 * bundles has no progress callback and does not expose `sqlite3_interrupt`, and a worker thread cannot stop a
 * native `sqlite3_step`, so a process is the one thing the platform can stop (docs/bindings/sql.md, Limits).
 *
 * Calls run one at a time in the child, in the order they were sent; the host times the call the child is on
 * (the head of the queue) and, past the limit, SIGKILLs the child: that call and those queued behind it fail,
 * and the next call starts a fresh process. What the child sends is checked (framing, shape, order): a child
 * that crashes or garbles fails its account's calls, never the host.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Esbuild from 'esbuild';
import type { Clock } from '../../platform/clock.js';
import { ERROR_CODES, LedgeError, type ErrorCode } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import { SqlStatementError, StoreStoppedError } from '../ports.js';
import { createFrameReader, encodeFrame } from './frames.js';
import { CLOSE_MESSAGE, STORE_PROCESS_FLAG, type StoreKind, type StoreProcessConfig } from './protocol.js';

/** The limits of a store process. */
export const STORE_PROCESS_DEFAULTS = {
  /** Time one call may run in the child before the child is killed (reference/data-work.md §1: query duration 30 s, also a whole batch). */
  timeLimitMs: 30_000,
  /** Time a store process may take to start (a loaded machine starts processes slowly); the call limit starts after. */
  startMs: 30_000,
  /** Address space of a store process (RLIMIT_AS): values SQLite makes past it fail with `out of memory`. */
  memoryBytes: 2048 * 1_048_576,
  /** Time a closing process may take to close its databases before it is killed. */
  closeMs: 10_000,
  /** Time without calls after which a store process is stopped (its memory given back); the next call starts one. */
  idleMs: 60_000,
  /** Time a call may take to answer once its writes committed (recording history) before its process counts as broken. */
  afterCommitMs: 120_000,
} as const;

/** Options of one store process. */
export interface StoreProcessOptions {
  /** What the child serves. */
  kind: StoreKind;
  /** The directory its stores live under (one account's state directory). */
  dir: string;
  /** The platform's clock: each call carries its `now`, so the child's times follow it (tests use a manual clock). */
  clock: Clock;
  /** Milliseconds one call may run. @default 30000 */
  timeLimitMs?: number;
  /** The failure of the call that ran past the limit (it names the limit and says nothing it did was kept). */
  limitMessage(seconds: number): string;
  /** The failure of calls queued behind or running beside one the host stopped. */
  stoppedMessage: string;
  /** Where the child's unexpected ends are logged (never its stores' content). @default nothing */
  logger?: Logger;
  /** @default STORE_PROCESS_DEFAULTS.memoryBytes */
  memoryBytes?: number;
  /** Milliseconds without calls after which the process stops. @default 60000 */
  idleMs?: number;
  /** The child's script (tests give a misbehaving one to check the host's checks). @default store-process-main */
  script?: string;
  /** While this says true the process is not stopped for being idle (it holds state a stop would lose: open transactions). @default never */
  keepAlive?: () => boolean;
}

/** What an adapter that runs a port in a store process takes from its caller (its account's directory and limits). */
export type StoreProcessSettings = Pick<StoreProcessOptions, 'dir' | 'clock' | 'timeLimitMs' | 'idleMs' | 'memoryBytes' | 'logger'>;

/** The close message, framed once. */
const CLOSE_FRAME = encodeFrame(CLOSE_MESSAGE);

/** Why a generation ended: a call past the limit, told to stop (idle or closing), or broken (crashed, garbled, never started). */
type Ending = { kind: 'limit'; headId: number } | { kind: 'stopped' } | { kind: 'broken'; problem: string };

interface Call {
  id: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/** One child process and the calls sent to it; a killed generation finishes its calls on its own while a new one serves new calls. */
interface Generation {
  /** Which process of this store it is (1, 2, ...): see StoreProcess.epoch. */
  number: number;
  /** Absent until the previous generation has exited (two processes never hold the same files). */
  child: ChildProcess | undefined;
  /** Frames sent before the child was spawned. */
  backlog: Buffer[];
  queue: Call[];
  ready: boolean;
  timer: NodeJS.Timeout | undefined;
  ending: Ending | undefined;
  /** The platform is stopping: the child's stdin ends once it is spawned. */
  closing: boolean;
  stderrTail: string;
  exited: Promise<void>;
  /** The call whose writes the child said were committed (it may still die before answering: they were kept). */
  committedId: number | undefined;
}

/**
 * The store process's script: its compiled JavaScript beside this file, or, when Ledge runs from its TypeScript
 * sources (tests, through tsx), the source bundled once per process (as read-query.ts does).
 */
function processScript(): string {
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./store-process-main.js', import.meta.url));
  const outfile = fileURLToPath(new URL(`../../../node_modules/.cache/ledge-store-process-${process.pid}.mjs`, import.meta.url));
  mkdirSync(path.dirname(outfile), { recursive: true });
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  buildSync({ entryPoints: [fileURLToPath(new URL('./store-process-main.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'silent' });
  return outfile;
}
let script: string | undefined;

/** One account's store process, started on the first call and again after it was stopped. */
export class StoreProcess {
  readonly #options: StoreProcessOptions;
  readonly #timeLimitMs: number;
  #current: Generation | undefined;
  #nextId = 1;
  #started = 0;
  #closed = false;
  #idle: NodeJS.Timeout | undefined;
  readonly #generations = new Set<Generation>();

  constructor(options: StoreProcessOptions) {
    this.#options = options;
    this.#timeLimitMs = options.timeLimitMs ?? STORE_PROCESS_DEFAULTS.timeLimitMs;
  }

  /** The process id of the running child, if one runs (tests kill it). */
  get pid(): number | undefined {
    return this.#current?.child?.pid;
  }

  /**
   * The number of the process a call made now goes to: it changes whenever a process ends or is being stopped, so
   * a caller that saw one number when it opened a transaction knows, on seeing another, that the transaction is gone.
   */
  get epoch(): number {
    return this.#current?.number ?? this.#started + 1;
  }

  /** Runs `method` of the child's stores with `args`; fails as the child's answer says, or when the child is stopped. */
  call(method: string, args: unknown[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(new LedgeError('wrong_state', 'the platform is stopping: its stores take no more calls'));
    let frame: Buffer;
    const id = this.#nextId++;
    try {
      frame = encodeFrame({ id, method, args, now: this.#options.clock.now() });
    } catch (err) {
      return Promise.reject(new LedgeError('bad_argument', (err as Error).message));
    }
    clearTimeout(this.#idle);
    const generation = this.#current ?? this.#start();
    return new Promise((resolve, reject) => {
      generation.queue.push({ id, resolve, reject });
      if (generation.child) generation.child.stdin?.write(frame);
      else generation.backlog.push(frame);
      if (generation.queue.length === 1) this.#arm(generation);
    });
  }

  /** Stops taking calls, lets the child finish those it has and close its stores, and waits for it to end. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idle);
    for (const generation of this.#generations) {
      generation.closing = true;
      this.#endInput(generation.child);
      const killer = setTimeout(() => generation.child?.kill('SIGKILL'), STORE_PROCESS_DEFAULTS.closeMs);
      killer.unref();
      void generation.exited.finally(() => clearTimeout(killer));
    }
    await Promise.all([...this.#generations].map((g) => g.exited));
  }

  #start(): Generation {
    let exitedResolve!: () => void;
    const generation: Generation = {
      number: ++this.#started, child: undefined, backlog: [], queue: [], ready: false, timer: undefined, ending: undefined, closing: false, stderrTail: '', committedId: undefined,
      exited: new Promise((resolve) => { exitedResolve = resolve; }),
    };
    const previous = [...this.#generations].map((g) => g.exited);
    this.#current = generation;
    this.#generations.add(generation);
    const spawnNow = () => {
      try {
        this.#spawn(generation, exitedResolve);
      } catch (err) {
        this.#generations.delete(generation);
        if (this.#current === generation) this.#current = undefined;
        for (const call of generation.queue.splice(0)) call.reject(new LedgeError('operation_failed', `the ${this.#options.kind} store process could not start: ${(err as Error).message}`));
        exitedResolve();
      }
    };
    // A process being killed still holds its files for a moment: the new one starts once it is gone.
    if (previous.length) void Promise.all(previous).then(spawnNow);
    else spawnNow();
    return generation;
  }

  #spawn(generation: Generation, exitedResolve: () => void): void {
    const entry = this.#options.script ?? (script ??= processScript());
    const config: StoreProcessConfig = { kind: this.#options.kind, dir: this.#options.dir };
    const memoryKb = Math.floor((this.#options.memoryBytes ?? STORE_PROCESS_DEFAULTS.memoryBytes) / 1024);
    // Nothing of the platform's environment (tokens, paths) reaches it. Its memory is bounded by the shell's
    // `ulimit -v` (RLIMIT_AS), as read-query.ts bounds its process: a statement making huge values fails with
    // `out of memory` inside the child instead of taking the machine's memory. `exec` keeps the child's pid ours.
    const child = spawn('/bin/sh', ['-c', 'ulimit -v "$LEDGE_STORE_KB" 2>/dev/null; exec "$@"', 'sh', process.execPath, '--max-old-space-size=512', entry, STORE_PROCESS_FLAG, JSON.stringify(config)], {
      stdio: ['pipe', 'pipe', 'pipe'], env: { LEDGE_STORE_KB: String(memoryKb), MALLOC_ARENA_MAX: '2' },
    });
    generation.child = child;
    generation.timer = setTimeout(() => this.#end(generation, { kind: 'broken', problem: `it did not start within ${STORE_PROCESS_DEFAULTS.startMs / 1000} s` }), STORE_PROCESS_DEFAULTS.startMs);
    child.on('error', (err) => this.#end(generation, { kind: 'broken', problem: `it could not start: ${err.message}` }));
    child.stdin?.on('error', () => { /* the child ended early: its exit says why */ });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => { generation.stderrTail = (generation.stderrTail + chunk).slice(-2000); });
    child.stdout?.on('data', createFrameReader(
      (message) => this.#answer(generation, message),
      (problem) => this.#end(generation, { kind: 'broken', problem: `it sent ${problem}` }),
    ));
    child.on('close', (code, signal) => {
      clearTimeout(generation.timer);
      this.#generations.delete(generation);
      if (this.#current === generation) this.#current = undefined;
      // A process told to stop (idle, or the platform closing) ends with its calls answered: nothing went wrong.
      const ending: Ending = generation.ending ?? (generation.closing && code === 0 ? { kind: 'stopped' } : { kind: 'broken', problem: `it ended (${signal ?? `exit code ${String(code)}`})` });
      if (ending.kind === 'broken' && !this.#closed) this.#options.logger?.warn(`the ${this.#options.kind} store process of ${this.#options.dir} ${ending.problem}${generation.stderrTail ? `: ${generation.stderrTail.trim().split('\n').slice(-3).join(' | ')}` : ''}`);
      for (const call of generation.queue.splice(0)) call.reject(this.#failure(ending, call.id, generation.committedId === call.id));
      exitedResolve();
    });
    for (const frame of generation.backlog.splice(0)) child.stdin?.write(frame);
    if (generation.closing || generation.ending) this.#endInput(child);
    if (generation.ending) child.kill('SIGKILL');
  }

  /** Starts timing the call at the head of the queue, once the child is ready to run it. */
  #arm(generation: Generation): void {
    clearTimeout(generation.timer);
    generation.timer = undefined;
    const head = generation.queue[0];
    if (!generation.ready || !head || generation.ending) return;
    generation.timer = setTimeout(() => this.#end(generation, { kind: 'limit', headId: head.id }), this.#timeLimitMs);
  }

  #answer(generation: Generation, message: unknown): void {
    if (!generation.ready) {
      if (!isObject(message) || message.ready !== true) return this.#end(generation, { kind: 'broken', problem: 'it sent something other than `ready` first' });
      generation.ready = true;
      return this.#arm(generation);
    }
    const head = generation.queue[0];
    const answer = message as { id?: unknown; ok?: unknown; value?: unknown; error?: unknown; committed?: unknown };
    if (!isObject(message) || !head || answer.id !== head.id || (typeof answer.ok !== 'boolean' && answer.committed !== true)) {
      return this.#end(generation, { kind: 'broken', problem: head ? 'it sent an answer out of order or of an unknown shape' : 'it sent an answer while no call was running' });
    }
    if (answer.committed === true && !('ok' in answer)) {
      // Its writes are durable: the call can no longer be undone by a kill, so the SQL time limit no longer applies.
      // Read after a kill already sent (the limit fired while this waited in the pipe), it still says what was kept.
      generation.committedId = head.id;
      if (generation.ending) return;
      clearTimeout(generation.timer);
      generation.timer = setTimeout(() => this.#end(generation, { kind: 'broken', problem: `it did not answer within ${STORE_PROCESS_DEFAULTS.afterCommitMs / 1000} s of committing` }), STORE_PROCESS_DEFAULTS.afterCommitMs);
      return;
    }
    generation.queue.shift();
    // An answer that arrives after the kill was sent still stands: the call finished before the child died.
    if (answer.ok) head.resolve(answer.value);
    else head.reject(toError(answer.error));
    this.#arm(generation);
    if (generation.queue.length === 0 && generation === this.#current) this.#armIdle(generation);
  }

  /** Tells the child to close its stores and exit once its calls are done (a bare end of its input means the platform died). */
  #endInput(child: ChildProcess | undefined): void {
    if (!child?.stdin || child.stdin.writableEnded) return;
    child.stdin.write(CLOSE_FRAME);
    child.stdin.end();
  }

  /** Stops an idle process the way close() does: it finishes, closes its stores and exits; a later call starts another. */
  #armIdle(generation: Generation): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (generation !== this.#current || generation.queue.length > 0) return;
      if (this.#options.keepAlive?.()) return this.#armIdle(generation);
      this.#current = undefined;
      generation.closing = true;
      this.#endInput(generation.child);
    }, this.#options.idleMs ?? STORE_PROCESS_DEFAULTS.idleMs);
    this.#idle.unref();
  }

  /** Ends a generation: its child is killed; its calls fail when the child has closed (answers already sent still count). */
  #end(generation: Generation, ending: Ending): void {
    if (generation.ending) return;
    generation.ending = ending;
    clearTimeout(generation.timer);
    // New calls go to a fresh process at once, never to the one being stopped.
    if (this.#current === generation) this.#current = undefined;
    generation.child?.kill('SIGKILL');
  }

  #failure(ending: Ending, id: number, committed: boolean): Error {
    if (committed) {
      const why = ending.kind === 'broken' ? ending.problem : ending.kind === 'limit' ? `stopped at the ${this.#timeLimitMs / 1000} s limit as it finished` : 'stopped';
      return new StoreStoppedError(`the ${this.#options.kind} store process of this account ended after this call's writes were committed, before it answered (${why}): what it wrote was kept`);
    }
    if (ending.kind === 'limit' && ending.headId === id) return new StoreStoppedError(this.#options.limitMessage(this.#timeLimitMs / 1000));
    if (ending.kind === 'limit') return new StoreStoppedError(this.#options.stoppedMessage);
    if (this.#closed) return new LedgeError('wrong_state', 'the platform stopped before this call finished');
    if (ending.kind === 'stopped') return new StoreStoppedError(`the ${this.#options.kind} store process of this account was stopped before this call finished; run it again`);
    return new StoreStoppedError(`the ${this.#options.kind} store process of this account stopped before answering (${ending.problem}): what this call wrote may not have been kept`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error a child reported, rebuilt with its code (only codes Ledge has); anything else is a plain error. */
function toError(reported: unknown): Error {
  const error = isObject(reported) ? reported : {};
  const message = typeof error.message === 'string' ? error.message.slice(0, 20_000) : 'the store process failed without saying why';
  const code = typeof error.code === 'string' && Object.hasOwn(ERROR_CODES, error.code) ? error.code as ErrorCode : undefined;
  if (code === 'sql_statement_failed' && typeof error.index === 'number' && Number.isInteger(error.index) && error.index >= 0) return new SqlStatementError(message, error.index);
  if (code && code !== 'sql_statement_failed') return new LedgeError(code, message);
  return new Error(message);
}
