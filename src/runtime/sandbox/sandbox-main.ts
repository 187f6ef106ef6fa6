/**
 * The main thread of an account's sandbox process (docs/architecture.md, "Sandboxes"). It runs no
 * application code: it starts each isolate as a worker thread running the same isolate entry as a thread
 * isolate, and relays every message between those workers and the host over the one channel (fd 3).
 * The process runs inside bubblewrap (no network, own pid namespace, read-only view of the runtime and the
 * account's bundles) with Node's permission model on; its argument is the isolate entry's path.
 */
import { Socket } from 'node:net';
import { deserialize, serialize } from 'node:v8';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { EgressReplyMessage } from '../egress/protocol.js';
import type { WorkerExtras } from '../isolate-guard-protocol.js';
import type { StandbyData, StandbyInit } from '../isolate-init.js';
import { TAGS, type SpawnSpec } from './channel.js';
import { createFrameWriter, encodeFrame, FrameReader, type Frame } from './frames.js';

/** How often each isolate's busy time and heartbeat go to the host. */
const STATS_MS = 20;

interface Running {
  worker: Worker;
  heartbeat: Int32Array;
  egress: MessagePort;
}

const workerEntry = process.argv[2];
if (!workerEntry) throw new Error('sandbox-main: the isolate entry path is missing');
/** The memory limit (MiB) of the first standby isolate: the default limits.memory_mb; 0 for none. */
const firstStandbyMb = Number(process.argv[3] ?? 0);
let standby: (Running & { memoryMb: number }) | undefined;
const channel = new Socket({ fd: 3, readable: true, writable: true });
const out = createFrameWriter((bytes) => channel.write(bytes));
const reader = new FrameReader(Number.MAX_SAFE_INTEGER);
const running = new Map<number, Running>();

channel.on('data', (chunk: Buffer) => {
  for (const frame of reader.push(chunk)) receive(frame);
});
// The host went away (or closed the channel): nothing here may outlive it.
channel.on('close', () => process.exit(0));
channel.on('error', () => process.exit(0));

setInterval(() => {
  if (running.size === 0) return;
  const rows: [number, number, number][] = [];
  for (const [id, r] of running) rows.push([id, r.worker.performance.eventLoopUtilization().active, Atomics.load(r.heartbeat, 0)]);
  out.send(encodeFrame(TAGS.stats, 0, serialize(rows)));
}, STATS_MS);

out.send(encodeFrame(TAGS.ready, 0));
scheduleStandby(firstStandbyMb);

function receive({ tag, id, payload }: Frame): void {
  switch (tag) {
    case TAGS.spawn: spawn(id, deserialize(payload) as SpawnSpec); break;
    case TAGS.post: {
      // The host's batch, still serialized: the worker decodes it (isolate-wire.ts). Its own copy, moved to it.
      const bytes = new Uint8Array(payload);
      running.get(id)?.worker.postMessage(bytes, [bytes.buffer]);
      break;
    }
    case TAGS.terminate: void running.get(id)?.worker.terminate(); break;
    case TAGS.egress: running.get(id)?.egress.postMessage(deserialize(payload) as EgressReplyMessage); break;
  }
}

function spawn(id: number, spec: SpawnSpec): void {
  if (running.has(id)) return;
  // The standby has loaded Ledge's isolate code and started its loader thread: it only needs its init.
  const warm = standby?.memoryMb === spec.memoryMb ? standby : undefined;
  if (warm) {
    standby = undefined;
    warm.worker.postMessage({ t: 'standby-init', init: spec.init } satisfies StandbyInit);
  }
  const started = warm ?? startWorker(spec.memoryMb, spec.init);
  const { worker, egress } = started;
  running.set(id, started);
  let first = true;
  // Each message is one batch the worker serialized (and split below the host's frame limit): relayed as it is.
  worker.on('message', (bytes: Uint8Array) => {
    // The next standby starts once this isolate is up, so the two do not load at the same time.
    if (first) { first = false; scheduleStandby(spec.memoryMb); }
    if (bytes instanceof Uint8Array) out.send(encodeFrame(TAGS.msg, id, bytes));
  });
  egress.on('message', (message) => out.send(encodeFrame(TAGS.egress, id, serialize(message))));
  worker.on('error', (err: Error & { code?: string }) => out.send(encodeFrame(TAGS.error, id, serialize({ message: err.message, ...(typeof err.code === 'string' ? { code: err.code } : {}) }))));
  worker.once('exit', (code) => {
    running.delete(id);
    egress.close();
    out.send(encodeFrame(TAGS.exit, id, serialize(code)));
  });
}

/** Starts a worker: an isolate with its init, or (without one) a standby waiting for it. */
function startWorker(memoryMb: number, init?: SpawnSpec['init']): Running & { memoryMb: number } {
  const heartbeat = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  const own = init ?? ({ standby: true } satisfies Omit<StandbyData, 'heartbeat'>);
  const extras: WorkerExtras = { memoryBytes: memoryMb * 1024 * 1024, egress: channel.port2, serialized: true };
  const worker = new Worker(workerEntry as string, {
    workerData: { ...own, heartbeat: heartbeat.buffer, ...extras },
    transferList: [channel.port2],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, memoryMb / 8)) },
    env: {},
    stdout: true,
    stderr: true,
  });
  // Whatever the worker writes to its own stdio is dropped: its console goes to the host as log messages.
  worker.stdout.resume();
  worker.stderr.resume();
  return { worker, heartbeat, egress: channel.port1, memoryMb };
}

/** Keeps one standby isolate for the next spawn (with the memory limit of the last one). */
function scheduleStandby(memoryMb: number): void {
  if (standby || !(memoryMb > 0)) return;
  const next = startWorker(memoryMb);
  standby = next;
  next.worker.on('error', () => undefined);
  // A standby that stops before it is used is not replaced in a loop: the next spawn starts one.
  next.worker.once('exit', () => { if (standby === next) standby = undefined; });
}
