import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import type { ErrorCode } from '../platform/errors.js';
import type { EgressSessions } from './egress/gateway.js';
import type { HostMessage, IsolateInit, IsolateMessage } from './protocol.js';
import { eventsIn, MEMORY_EXIT_CODE, type WorkerExtras } from './isolate-guard-protocol.js';
import { SyncRelay } from './sync-relay.js';
import { capWasmMemory, createMemoryReport, MemoryWatch, ownMemory, residentBytes } from './memory-watch.js';

/** What an isolate is started with: its init (less the heartbeat, which its worker owns) and its memory limit. */
export interface IsolateWorkerSpec {
  init: Omit<IsolateInit, 'heartbeat'>;
  /** `limits.memory_mb`: bounds the heap and, through the guard, heap plus external memory. */
  memoryMb: number;
}

/**
 * The worker an `Isolate` talks to: a thread of this process, or a thread inside an account's sandbox
 * process reached over a channel (src/runtime/sandbox/). The isolate code is the same for both.
 */
export interface IsolateWorker {
  /** Posts one batch of messages; `transfer` lists buffers that may be moved instead of copied. */
  postMessage(messages: HostMessage[], transfer?: readonly ArrayBuffer[]): void;
  onMessage(listener: (messages: IsolateMessage[]) => void): void;
  onError(listener: (err: Error & { code?: string }) => void): void;
  /**
   * Called once when the worker has stopped; `failure` names the limit that stopped it, if one did.
   * `reclaimed`: the platform took its resources back (a sandbox evicted for the cap), so the isolate is not
   * restarted ahead of the next event (that would evict another account's sandbox in turn).
   */
  onExit(listener: (failure: ErrorCode | undefined, reclaimed?: boolean) => void): void;
  terminate(): Promise<void>;
  /** The worker's event-loop busy time so far, in milliseconds, as the host last read it. */
  activeMs(): number;
  /** The counter the isolate bumps every few milliseconds while its event loop turns. */
  heartbeat(): number;
  /**
   * Where outbound connections of application code are policed (`ledge serve`): resolves and checks a host
   * the host is asked to connect to for the isolate (an outbound WebSocket) and gives the address to use.
   * Absent where they are not (`ledge dev` with threads: trusted code).
   */
  checkOutbound?: (hostname: string, port: number) => Promise<string>;
  /** Messages per batch the host posts to it without waiting for the end of the turn (batch-port.ts); absent: the default. */
  readonly batchLimit?: number;
}

/**
 * Starts the worker of one isolate. `remote`: its workers live in another process (a sandbox), so each binding
 * call crosses a channel twice, and the host pushes writes to bindings whose isolate half keeps a read cache.
 */
export type IsolateSpawner = ((spec: IsolateWorkerSpec) => IsolateWorker) & { readonly remote?: boolean };

export { MEMORY_EXIT_CODE } from './isolate-guard-protocol.js';

/** The worker's resource limits for a memory limit: the old generation gets all of it, the young a slice. */
export function resourceLimitsFor(memoryMb: number): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } {
  return { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, memoryMb / 8)) };
}

/** Options of the thread spawner. */
export interface ThreadSpawnerOptions {
  /** Outbound fetch of application code goes to the host and through this policy; without it the isolate keeps Node's fetch (`ledge dev`). */
  egress?: EgressSessions;
}

const WORKER_URL = isolateEntry();

/** Thread isolates of this process, watched while they run without yielding (memory-watch.ts). */
let threadWatch: MemoryWatch | undefined;
let nextThreadId = 1;

/** Isolates as worker threads of this process (`ledge dev`, `ledge serve --isolation thread`). */
export function createThreadSpawner(options: ThreadSpawnerOptions = {}): IsolateSpawner {
  return function spawnThread(spec) {
    const heartbeat = new Int32Array(new SharedArrayBuffer(4));
    const memoryReport = createMemoryReport();
    const extras: WorkerExtras = { memoryBytes: spec.memoryMb * 1024 * 1024, memoryReport };
    capWasmMemory(spec.memoryMb);
    // This thread relays the isolate's synchronous calls (sync-relay.ts): it never blocks on them.
    const relay = new SyncRelay();
    extras.sync = relay.workerEnd;
    const transferList: MessagePort[] = [relay.workerEnd.port];
    let egressPort: MessagePort | undefined;
    if (options.egress) {
      const channel = new MessageChannel();
      extras.egress = channel.port2;
      transferList.push(channel.port2);
      egressPort = channel.port1;
    }
    const worker = new Worker(WORKER_URL, {
      workerData: { ...spec.init, heartbeat: heartbeat.buffer, ...extras } satisfies IsolateInit & WorkerExtras,
      transferList,
      resourceLimits: resourceLimitsFor(spec.memoryMb),
      // The host's environment (tokens, passwords) never reaches application code.
      env: {},
      stdout: false,
      stderr: false,
    });
    const watch = threadWatch ??= new MemoryWatch({ rss: residentBytes, own: ownMemory, now: () => performance.now() });
    const watchId = nextThreadId++;
    let overLimit = false;
    // Watched once it has loaded (its first message): a worker starting grows the process by more than its own heap.
    worker.once('message', () => watch.add(watchId, memoryReport, spec.memoryMb * 1024 * 1024, () => {
      overLimit = true;
      void worker.terminate();
    }));
    worker.once('exit', () => watch.remove(watchId));
    const session = egressPort && options.egress ? options.egress.open({ name: spec.init.name, subrequestLimit: spec.init.subrequestLimit, send: (m) => egressPort.postMessage(m) }) : undefined;
    if (egressPort && session) egressPort.on('message', (message: unknown) => session.receive(message));
    return {
      postMessage(messages, transfer) {
        if (session) session.grant(eventsIn(messages));
        const rest = relay.toWorker(messages);
        if (rest.length > 0) worker.postMessage(rest, transfer);
      },
      onMessage: (listener) => void worker.on('message', (messages: IsolateMessage[]) => listener(relay.fromWorker(messages))),
      onError: (listener) => void worker.on('error', listener),
      onExit: (listener) => void worker.once('exit', (code: number) => {
        session?.close();
        egressPort?.close();
        relay.close();
        listener(code === MEMORY_EXIT_CODE || overLimit ? 'exceeded_memory' : undefined);
      }),
      terminate: async () => { await worker.terminate(); },
      activeMs: () => worker.performance.eventLoopUtilization().active,
      heartbeat: () => Atomics.load(heartbeat, 0),
      ...(session ? { checkOutbound: (hostname: string, port: number) => session.checkConnection(hostname, port) } : {}),
    };
  };
}

/** Threads with Node's own fetch, as `ledge dev` runs trusted code. */
export const spawnThread: IsolateSpawner = createThreadSpawner();

/**
 * The worker script. From the built package it is isolate-entry.js beside this file; when Ledge itself runs
 * from TypeScript sources (its own tests), Node 20 applies no loader hooks inside workers, so the entry is
 * bundled once into node_modules/.cache: inside the repository, so the packages the isolate imports resolve
 * from its node_modules.
 */
function isolateEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./isolate-entry.js', import.meta.url);
  const outDir = fileURLToPath(new URL(`../../node_modules/.cache/ledge-isolate-${process.pid}`, import.meta.url));
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'isolate-entry.mjs');
  buildSync({ entryPoints: [fileURLToPath(new URL('./isolate-entry.ts', import.meta.url))], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', sourcemap: 'inline', logLevel: 'silent' });
  return pathToFileURL(outfile);
}
