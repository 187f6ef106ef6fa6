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
import { performance } from 'node:perf_hooks';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { EgressReplyMessage } from '../egress/protocol.js';
import { CHANNEL_BATCH_LIMIT } from '../batch-port.js';
import { MEMORY_EXIT_CODE } from '../isolate-guard-protocol.js';
import type { StandbyData, StandbyInit } from '../isolate-init.js';
import type { HostMessage } from '../protocol.js';
import { capWasmMemory, createMemoryReport, MemoryWatch, ownMemory, residentBytes } from '../memory-watch.js';
import { SyncRelay } from '../sync-relay.js';
import { CHANNEL_UP, type ChannelGrant, type HostRecord, type SandboxRecord, type SpawnSpec } from './channel.js';
import { approxBytes, createFrameWriter, FrameReader } from './frames.js';

/** Buffers smaller than this are copied to the worker (a transfer costs more than a small copy). */
const TRANSFER_MIN_BYTES = 4096;
/** How deep, and through how many objects, host messages are looked through for byte arrays. */
const SCAN_DEPTH = 6;
const SCAN_NODES = 1024;
/** How often each isolate's busy time and heartbeat go to the host. */
const STATS_MS = 20;

interface Running {
  worker: Worker;
  heartbeat: Int32Array;
  egress: MessagePort;
  /** This thread wakes the isolate with the answers of its synchronous calls (sync-relay.ts). */
  relay: SyncRelay;
  /** Where its guard publishes its memory (memory-watch.ts). */
  report: SharedArrayBuffer;
  /** The watch stopped it past its memory limit: its exit says so. */
  overLimit?: true;
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
/** Stops an isolate whose memory passes its limit within one turn, before the whole sandbox passes the account's. */
const watch = new MemoryWatch({
  rss: residentBytes,
  own: ownMemory,
  now: () => performance.now(),
});

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
    case 'sync': {
      // Its value's bytes owned, not views of the whole frame (the bridge's port would clone the frame).
      const answer = [record[2]];
      ownBytes(answer);
      running.get(record[1])?.relay.answer(answer[0] as HostMessage);
      break;
    }
    case 'terminate': void running.get(record[1])?.worker.terminate(); break;
    case 'egress': {
      // Response body chunks of outbound fetches: owned and moved like the bytes of host messages.
      const message = [record[2] satisfies EgressReplyMessage];
      const moved = ownBytes(message);
      running.get(record[1])?.egress.postMessage(message[0], moved);
      break;
    }
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
    if (message?.t !== CHANNEL_UP) return;
    // The next standby starts once this isolate is up (its first batch went out), so the two do not load at the same time.
    scheduleStandby(spec.memoryMb);
    // Watched once it has loaded: a worker starting (its thread, its import guard's loader thread) grows the
    // process by more than its own heap for a moment, which the watch would count against its limit.
    watch.add(id, started.report, spec.memoryMb * 1024 * 1024, () => {
      started.overLimit = true;
      void worker.terminate();
    });
  });
  // Sized, so several uploads in one turn are not one frame (the writer flushes past 8 MiB).
  egress.on('message', (message) => out.send(['egress', id, message], approxBytes(message, 0)));
  worker.on('error', (err: Error & { code?: string }) => out.send(['error', id, { message: err.message, ...(typeof err.code === 'string' ? { code: err.code } : {}) }]));
  worker.once('exit', (code) => {
    running.delete(id);
    watch.remove(id);
    egress.close();
    relay.close();
    out.send(['exit', id, started.overLimit ? MEMORY_EXIT_CODE : code]);
  });
}

/** Starts a worker: an isolate with its init, or (without one) a standby waiting for it. */
function startWorker(memoryMb: number, init?: SpawnSpec['init'], grant?: ChannelGrant): Running & { memoryMb: number } {
  const heartbeat = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  const relay = new SyncRelay();
  const own = init ?? ({ standby: true } satisfies Omit<StandbyData, 'heartbeat'>);
  const report = createMemoryReport();
  capWasmMemory(memoryMb);
  const worker = new Worker(workerEntry as string, {
    workerData: { ...own, heartbeat: heartbeat.buffer, memoryBytes: memoryMb * 1024 * 1024, memoryReport: report, egress: channel.port2, sync: relay.workerEnd, batchLimit: CHANNEL_BATCH_LIMIT, ...(grant ? { channel: grant } : {}) },
    transferList: [channel.port2, relay.workerEnd.port],
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, memoryMb / 8)) },
    env: {},
    stdout: true,
    stderr: true,
  });
  // Whatever the worker writes to its own stdio is dropped: its console goes to the host as log messages.
  worker.stdout.resume();
  worker.stderr.resume();
  return { worker, heartbeat, egress: channel.port1, relay, report, memoryMb };
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

/**
 * Byte arrays of host messages, as decoded from a frame (node:v8's deserializer), are views into the frame's whole
 * buffer, and posting a view clones the whole buffer it views: a 1 MiB KV value read in a frame with seven others
 * reached the worker as an 8 MiB copy, and a 10-byte one as the same 8 MiB. Each view is replaced by an exact copy
 * of its bytes (this thread's only copy), and copies worth moving go to the worker as transfers rather than being
 * copied once more. Returns the buffers to transfer.
 */
function ownBytes(messages: unknown[]): ArrayBuffer[] {
  const moved: ArrayBuffer[] = [];
  // Made at the first byte array: most batches (requests, their heads) hold none.
  let copies: Map<ArrayBufferView, ArrayBufferView> | undefined;
  let budget = SCAN_NODES;
  const own = (view: ArrayBufferView): ArrayBufferView => {
    copies ??= new Map();
    let copy = copies.get(view);
    if (!copy) {
      const bytes = view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer;
      // A Buffer's constructor is the deprecated Buffer(): calling it printed DEP0005 into the platform's log.
      copy = view instanceof DataView ? new DataView(bytes) : Buffer.isBuffer(view) ? Buffer.from(bytes) : new (view.constructor as new (b: ArrayBuffer) => ArrayBufferView)(bytes);
      copies.set(view, copy);
      if (bytes.byteLength >= TRANSFER_MIN_BYTES) moved.push(bytes);
    }
    return copy;
  };
  const scan = (value: Record<string, unknown> | unknown[], depth: number): void => {
    if (--budget < 0) return;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (typeof item !== 'object' || item === null) continue;
      if (ArrayBuffer.isView(item)) {
        if (item.buffer instanceof ArrayBuffer) (value as Record<string, unknown>)[key] = own(item);
      } else if (depth < SCAN_DEPTH && !(item instanceof ArrayBuffer)) scan(item as Record<string, unknown>, depth + 1);
    }
  };
  scan(messages, 0);
  return moved;
}
