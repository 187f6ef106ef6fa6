/**
 * The main thread of an account's sandbox process (docs/architecture.md, "Sandboxes"). It runs no
 * application code: it starts each isolate as a worker thread running the same isolate entry as a thread
 * isolate, and relays every message between those workers and the host over the one channel (fd 3).
 * The process runs inside bubblewrap (no network, own pid namespace, read-only view of the runtime and the
 * account's bundles) with Node's permission model on; its argument is the isolate entry's path.
 */
import { Socket } from 'node:net';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { EgressReplyMessage } from '../egress/protocol.js';
import type { StandbyData, StandbyInit } from '../isolate-init.js';
import type { HostMessage, IsolateMessage } from '../protocol.js';
import { SyncRelay } from '../sync-relay.js';
import type { HostRecord, SandboxRecord, SpawnSpec } from './channel.js';
import { createFrameWriter, FrameReader } from './frames.js';

/** Bodies larger than this travel as several chunks, so no frame grows past the host's limit. */
const SPLIT_BYTES = 4 * 1024 * 1024;
/** How often each isolate's busy time and heartbeat go to the host. */
const STATS_MS = 20;

interface Running {
  worker: Worker;
  heartbeat: Int32Array;
  egress: MessagePort;
  /** This thread relays the isolate's synchronous calls (sync-relay.ts). */
  relay: SyncRelay;
}

const workerEntry = process.argv[2];
if (!workerEntry) throw new Error('sandbox-main: the isolate entry path is missing');
/** The memory limit (MiB) of the first standby isolate: the default limits.memory_mb; 0 for none. */
const firstStandbyMb = Number(process.argv[3] ?? 0);
let standby: (Running & { memoryMb: number }) | undefined;
const channel = new Socket({ fd: 3, readable: true, writable: true });
const out = createFrameWriter<SandboxRecord>((frame) => channel.write(frame));
// Values read here go on to workers: each byte array with a buffer of its own, moved rather than cloned (transfers).
const reader = new FrameReader(Number.MAX_SAFE_INTEGER, { ownBytes: true });
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
    case 'post': post(record[1], record[2]); break;
    case 'terminate': void running.get(record[1])?.worker.terminate(); break;
    case 'egress': running.get(record[1])?.egress.postMessage(record[2] satisfies EgressReplyMessage); break;
  }
}

/** Host messages for one isolate: answers to its synchronous calls go over their bridge, the rest to the worker. */
function post(id: number, messages: HostMessage[]): void {
  const r = running.get(id);
  if (!r) return;
  const rest = r.relay.toWorker(messages);
  if (rest.length > 0) r.worker.postMessage(rest, transfers(rest));
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
  const { worker, egress, relay } = started;
  running.set(id, started);
  let first = true;
  worker.on('message', (messages: IsolateMessage[]) => {
    // The next standby starts once this isolate is up, so the two do not load at the same time.
    if (first) { first = false; scheduleStandby(spec.memoryMb); }
    const forwarded = relay.fromWorker(messages);
    for (const part of split(forwarded)) out.send(['msg', id, part], sizeOf(part));
    // A batch with a synchronous call (a new array) has a worker blocked on it: it goes now, not at the end of the turn.
    if (forwarded !== messages) out.flush();
  });
  // Sized, so several uploads in one turn are not one frame (the writer flushes past 8 MiB).
  egress.on('message', (message) => out.send(['egress', id, message], approxBytes(message, 0)));
  worker.on('error', (err: Error & { code?: string }) => out.send(['error', id, { message: err.message, ...(typeof err.code === 'string' ? { code: err.code } : {}) }]));
  worker.once('exit', (code) => {
    running.delete(id);
    egress.close();
    relay.close();
    out.send(['exit', id, code]);
  });
}

/** Starts a worker: an isolate with its init, or (without one) a standby waiting for it. */
function startWorker(memoryMb: number, init?: SpawnSpec['init']): Running & { memoryMb: number } {
  const heartbeat = new Int32Array(new SharedArrayBuffer(4));
  const channel = new MessageChannel();
  const relay = new SyncRelay();
  const own = init ?? ({ standby: true } satisfies Omit<StandbyData, 'heartbeat'>);
  const worker = new Worker(workerEntry as string, {
    workerData: { ...own, heartbeat: heartbeat.buffer, memoryBytes: memoryMb * 1024 * 1024, egress: channel.port2, sync: relay.workerEnd },
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

/**
 * Bodies bigger than SPLIT_BYTES become a streamed response, and a batch of many messages (a hundred binding calls
 * of a megabyte each, made in one turn) is cut into parts of about SPLIT_BYTES, so each frame stays far below the
 * channel's limit: a larger one would stop the account's sandbox as a protocol violation.
 */
function split(messages: IsolateMessage[]): IsolateMessage[][] {
  if (!messages.some((m) => bigBody(m)) && sizeOf(messages) <= SPLIT_BYTES) return [messages];
  const parts: IsolateMessage[][] = [];
  let current: IsolateMessage[] = [];
  let bytes = 0;
  for (const m of messages) {
    if (m.t === 'head' && bigBody(m) && m.body !== null) {
      const body = typeof m.body === 'string' ? Buffer.from(m.body) : m.body;
      current.push({ ...m, body: null, streaming: true, done: undefined } as IsolateMessage);
      for (let at = 0; at < body.byteLength; at += SPLIT_BYTES) {
        parts.push(current);
        current = [{ t: 'res-chunk', id: m.id, chunk: body.subarray(at, at + SPLIT_BYTES) }];
      }
      if (!m.streaming) current.push({ t: 'res-end', id: m.id });
      if (m.done) current.push({ t: 'done', id: m.id });
      bytes = SPLIT_BYTES;
    } else if (m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES) {
      for (let at = 0; at < m.chunk.byteLength; at += SPLIT_BYTES) {
        current.push({ t: 'res-chunk', id: m.id, chunk: m.chunk.subarray(at, at + SPLIT_BYTES) });
        parts.push(current);
        current = [];
      }
      bytes = 0;
    } else {
      const size = approxBytes(m, 0);
      if (current.length > 0 && bytes + size > SPLIT_BYTES) {
        parts.push(current);
        current = [];
        bytes = 0;
      }
      current.push(m);
      bytes += size;
    }
  }
  if (current.length) parts.push(current);
  return parts;
}

function bigBody(m: IsolateMessage): boolean {
  if (m.t === 'head') return m.body !== null && (typeof m.body === 'string' ? m.body.length * 3 : m.body.byteLength) > SPLIT_BYTES;
  return m.t === 'res-chunk' && m.chunk.byteLength > SPLIT_BYTES;
}

/** About how many bytes the messages take in a frame: what the frame writer counts to flush in time. */
function sizeOf(messages: IsolateMessage[]): number {
  let n = 0;
  for (const m of messages) {
    if (m.t === 'res-chunk') n += m.chunk.byteLength;
    else if (m.t === 'head') n += m.body === null ? 256 : typeof m.body === 'string' ? m.body.length : m.body.byteLength;
    else n += approxBytes(m, 0);
  }
  return n;
}

/** The bytes of the strings and byte arrays in a value (binding call arguments, log lines, socket data), a few levels deep. */
function approxBytes(value: unknown, depth: number): number {
  if (typeof value === 'string') return value.length;
  if (typeof value !== 'object' || value === null) return 8;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof SharedArrayBuffer) return value.byteLength;
  if (depth > 6) return 8;
  let n = 8;
  if (Array.isArray(value)) for (const item of value) n += approxBytes(item, depth + 1);
  else for (const key in value) n += key.length + approxBytes((value as Record<string, unknown>)[key], depth + 1);
  return n;
}

/**
 * Request body chunks and the byte arrays in binding answers (a key-value value, an object's body) arrive as fresh
 * copies, each with its own buffer (frames.ts): move them to the worker rather than copy again. Without it, a
 * hundred 1 MB values read at once were held twice in this process (the frame's copy and the clone's) on top of
 * the worker's.
 */
function transfers(messages: HostMessage[]): ArrayBuffer[] {
  const list = new Set<ArrayBuffer>();
  for (const m of messages) {
    if (m.t === 'req-chunk') ownBuffers(m.chunk, 0, list);
    else if (m.t === 'call-result' && m.value !== undefined) ownBuffers(m.value, 0, list);
  }
  return [...list];
}

/** The buffers of byte arrays in `value` (a few levels deep) that each hold exactly their array's bytes. */
function ownBuffers(value: unknown, depth: number, into: Set<ArrayBuffer>): void {
  if (typeof value !== 'object' || value === null) return;
  if (ArrayBuffer.isView(value)) {
    if (value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) into.add(value.buffer);
    return;
  }
  if (depth >= 3) return;
  if (Array.isArray(value)) for (const item of value) ownBuffers(item, depth + 1, into);
  else if (Object.getPrototypeOf(value) === Object.prototype) for (const key in value) ownBuffers((value as Record<string, unknown>)[key], depth + 1, into);
}
