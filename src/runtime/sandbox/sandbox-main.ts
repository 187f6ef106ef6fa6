/**
 * The main thread of an account's sandbox process (docs/architecture.md, "Sandboxes"). It runs no
 * application code: it starts each isolate as a worker thread running the same isolate code as a thread
 * isolate, with the address and token of the isolate's own connection to the host (isolate-channel.ts), which
 * carries the isolate's messages both ways without passing this thread. Over the sandbox's channel (fd 3) this
 * thread starts and stops workers, sends each one's busy time and heartbeat, errors and exit, relays its
 * outbound fetch (egress), and wakes it with the answer of a synchronous call (sync-relay.ts).
 * The process runs inside bubblewrap (no network, own pid namespace, read-only view of the runtime and the
 * account's bundles) with Node's permission model on; its argument is the isolate entry's path.
 */
import { Socket } from 'node:net';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { EgressReplyMessage } from '../egress/protocol.js';
import type { StandbyData, StandbyInit } from '../isolate-init.js';
import { SyncRelay } from '../sync-relay.js';
import { CHANNEL_UP, type ChannelGrant, type HostRecord, type SandboxRecord, type SpawnSpec } from './channel.js';
import { createFrameWriter, FrameReader } from './frames.js';

/** How often each isolate's busy time and heartbeat go to the host. */
const STATS_MS = 20;

interface Running {
  worker: Worker;
  heartbeat: Int32Array;
  egress: MessagePort;
  /** This thread wakes the isolate with the answers of its synchronous calls (sync-relay.ts). */
  relay: SyncRelay;
}

const workerEntry = process.argv[2];
if (!workerEntry) throw new Error('sandbox-main: the isolate entry path is missing');
/** The memory limit (MiB) of the first standby isolate: the default limits.memory_mb; 0 for none. */
const firstStandbyMb = Number(process.argv[3] ?? 0);
let standby: (Running & { memoryMb: number }) | undefined;
const channel = new Socket({ fd: 3, readable: true, writable: true });
const out = createFrameWriter<SandboxRecord>((frame) => channel.write(frame));
const reader = new FrameReader(Number.MAX_SAFE_INTEGER);
const running = new Map<number, Running>();

channel.on('data', (chunk: Buffer) => {
  for (const frame of reader.push(chunk)) for (const record of frame as HostRecord[]) receive(record);
});
// The host went away (or closed the channel): nothing here may outlive it.
channel.on('close', () => process.exit(0));
channel.on('error', () => process.exit(0));

setInterval(() => {
  if (running.size === 0) return;
  const rows: [number, number, number][] = [];
  for (const [id, r] of running) rows.push([id, r.worker.performance.eventLoopUtilization().active, Atomics.load(r.heartbeat, 0)]);
  out.send(['stats', rows]);
}, STATS_MS);

out.send(['ready']);
scheduleStandby(firstStandbyMb);

function receive(record: HostRecord): void {
  switch (record[0]) {
    case 'spawn': spawn(record[1], record[2]); break;
    case 'sync': running.get(record[1])?.relay.answer(record[2]); break;
    case 'terminate': void running.get(record[1])?.worker.terminate(); break;
    case 'egress': running.get(record[1])?.egress.postMessage(record[2] satisfies EgressReplyMessage); break;
  }
}

function spawn(id: number, spec: SpawnSpec): void {
  if (running.has(id)) return;
  // The standby has loaded Ledge's isolate code and started its loader thread: it only needs its init.
  const warm = standby?.memoryMb === spec.memoryMb ? standby : undefined;
  if (warm) {
    standby = undefined;
    warm.worker.postMessage({ t: 'standby-init', init: spec.init, channel: spec.channel } satisfies StandbyInit & { channel: ChannelGrant });
  }
  const started = warm ?? startWorker(spec.memoryMb, spec.init, spec.channel);
  const { worker, egress, relay } = started;
  running.set(id, started);
  worker.on('message', (message: { t?: unknown } | null) => {
    // The next standby starts once this isolate is up (its first batch went out), so the two do not load at the same time.
    if (message?.t === CHANNEL_UP) scheduleStandby(spec.memoryMb);
  });
  egress.on('message', (message) => out.send(['egress', id, message]));
  worker.on('error', (err: Error & { code?: string }) => out.send(['error', id, { message: err.message, ...(typeof err.code === 'string' ? { code: err.code } : {}) }]));
  worker.once('exit', (code) => {
    running.delete(id);
    egress.close();
    relay.close();
    out.send(['exit', id, code]);
  });
}

/** Starts a worker: an isolate with its init, or (without one) a standby waiting for it. */
function startWorker(memoryMb: number, init?: SpawnSpec['init'], grant?: ChannelGrant): Running & { memoryMb: number } {
  const heartbeat = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  const relay = new SyncRelay();
  const own = init ?? ({ standby: true } satisfies Omit<StandbyData, 'heartbeat'>);
  const worker = new Worker(workerEntry as string, {
    workerData: { ...own, heartbeat: heartbeat.buffer, memoryBytes: memoryMb * 1024 * 1024, egress: channel.port2, sync: relay.workerEnd, ...(grant ? { channel: grant } : {}) },
    transferList: [channel.port2, relay.workerEnd.port],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, memoryMb / 8)) },
    env: {},
    stdout: true,
    stderr: true,
  });
  // Whatever the worker writes to its own stdio is dropped: its console goes to the host as log messages.
  worker.stdout.resume();
  worker.stderr.resume();
  return { worker, heartbeat, egress: channel.port1, relay, memoryMb };
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
