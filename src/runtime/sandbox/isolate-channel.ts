/**
 * Runs first in every isolate worker inside a sandbox (sandbox/isolate-entry.ts): the isolate's batches to the
 * host and the host's to it travel over the isolate's own connection to the host (a Unix socket the host
 * listens on in a directory bound into the sandbox), not through the sandbox's main thread, which only starts
 * and stops workers, relays their stats, exits, egress and the answers of synchronous calls (issue 13 item 8:
 * that relay was a fifth of a KV get's CPU). The connection's first bytes are the isolate's token, which the
 * host handed out for this isolate alone; the host binds the connection to that isolate and checks everything
 * on it as untrusted input (channel.ts). The isolate code above is unchanged: it posts and receives lists of
 * messages on its parent port, which this module redirects.
 *
 * Writes are synchronous (`writeSync` on the socket's descriptor, whatever the kernel takes now, the rest
 * queued here and retried shortly): a synchronous storage call (sync-bridge.ts) blocks the thread right after
 * posting, so its frame must be in the kernel before that, never in a queue only this thread's event loop drains.
 */
// Imported, never taken from the global scope: an isolate's global scope has no Buffer, and application code may change the rest.
import { Buffer } from 'node:buffer';
import { writevSync } from 'node:fs';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import type { IsolateMessage } from '../protocol.js';
import { CHANNEL_UP, type ChannelGrant } from './channel.js';
import { encodeFrameParts, FrameReader } from './frames.js';
import { splitBatch } from './split.js';

/** Longest a blocked write waits for the host to read (a synchronous call's frame). */
const BLOCKED_WRITE_MS = 30_000;
/** How soon a write the kernel refused (the host reads slower than this isolate writes) is tried again. */
const RETRY_MS = 1;
/** Buffers per gathered write (the kernel takes at most 1024). */
const MAX_PARTS = 256;

const port = parentPort;
if (!port) throw new Error('the isolate must run in a worker thread');
// Taken now: application code may replace them later.
const exit = process.exit.bind(process);
const { wait } = Atomics;
const now = performance.now.bind(performance);
const post = port.postMessage.bind(port);
const on = port.on.bind(port);
const listeners: ((message: unknown) => void)[] = [];
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Frames to the host: written at once when the kernel takes them, else copied and queued in order. */
class Writer {
  #fd = -1;
  /** Bytes the kernel has not taken yet: copies, so that nothing application code does later changes them. */
  #queue: Uint8Array[] = [];
  #retry: NodeJS.Timeout | undefined;

  /** The connection is up: its token goes first, then whatever was queued. */
  attach(fd: number, token: Buffer): void {
    this.#fd = fd;
    this.#queue.unshift(token);
    this.#drain();
  }

  /** One frame's parts (frames.ts): a response's chunks go to the kernel as they are, in one gathered write. */
  write(parts: Uint8Array[]): void {
    if (this.#queue.length > 0 || this.#fd < 0 || parts.length > MAX_PARTS) {
      this.#queue.push(Buffer.concat(parts));
      if (this.#fd >= 0) this.#drain();
      return;
    }
    const written = this.#writev(parts);
    let total = 0;
    for (const part of parts) total += part.byteLength;
    if (written < total) {
      this.#queue.push(Buffer.concat(parts).subarray(written));
      this.#schedule();
    }
  }

  /** Blocks until everything queued is in the kernel (before the thread blocks on a synchronous call). */
  flushBlocking(): void {
    if (this.#queue.length === 0) return;
    if (this.#fd < 0) throw new Error('the isolate is not connected to the host yet');
    const deadline = now() + BLOCKED_WRITE_MS;
    while (!this.#drain()) {
      if (now() > deadline) throw new Error(`the host did not read this isolate's messages within ${BLOCKED_WRITE_MS / 1000} s`);
      wait(sleeper, 0, 0, RETRY_MS);
    }
  }

  /** Writes what the kernel takes now of the queue; true when it is empty. */
  #drain(): boolean {
    while (this.#queue.length > 0) {
      const batch = this.#queue.slice(0, MAX_PARTS);
      let total = 0;
      for (const part of batch) total += part.byteLength;
      let written = this.#writev(batch);
      const tookAll = written === total;
      while (written > 0) {
        const head = this.#queue[0] as Uint8Array;
        if (written >= head.byteLength) {
          written -= head.byteLength;
          this.#queue.shift();
        } else {
          this.#queue[0] = head.subarray(written);
          written = 0;
        }
      }
      if (!tookAll) {
        this.#schedule();
        return false;
      }
    }
    return true;
  }

  #schedule(): void {
    if (this.#retry === undefined) this.#retry = setTimeout(() => { this.#retry = undefined; this.#drain(); }, RETRY_MS);
  }

  /** One gathered write; the bytes the kernel took (0 when its buffer is full). */
  #writev(parts: Uint8Array[]): number {
    try {
      return writevSync(this.#fd, parts);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return 0;
      // The host closed the connection: it no longer wants this isolate.
      return exit(1);
    }
  }
}

const writer = new Writer();
let announced = false;

function open(grant: ChannelGrant): void {
  const socket = connect(grant.path);
  socket.on('connect', () => {
    // The descriptor of the socket this thread's loop reads; writes go to it directly (see the top of the file).
    const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) exit(1);
    writer.attach(fd as number, Buffer.from(grant.token, 'hex'));
  });
  const reader = new FrameReader(Number.MAX_SAFE_INTEGER);
  socket.on('data', (chunk: Buffer) => {
    for (const batch of reader.push(chunk)) for (const listener of listeners) listener(batch);
  });
  // Without its connection the isolate can neither hear nor answer: it stops, and the host sees it exit.
  socket.on('error', () => exit(1));
  socket.on('close', () => exit(1));
}

port.postMessage = (value: unknown, transfer?: readonly Transferable[]) => {
  if (!Array.isArray(value)) return post(value, transfer as never);
  let blocking = false;
  for (const part of splitBatch(value as IsolateMessage[])) {
    writer.write(encodeFrameParts(part));
    if (part.some((m) => (m as { sync?: unknown } | null)?.sync === true)) blocking = true;
  }
  if (blocking) writer.flushBlocking();
  if (!announced) {
    announced = true;
    post({ t: CHANNEL_UP });
  }
};

// The isolate's listeners hear the host's batches from the connection, and what the parent posts (a standby's init).
port.on = ((event: string | symbol, listener: (...args: unknown[]) => void) => {
  if (event !== 'message') return on(event as 'message', listener);
  listeners.push(listener);
  return port;
}) as typeof port.on;
on('message', (message: unknown) => {
  const grant = (message as { t?: unknown; channel?: ChannelGrant } | null)?.t === 'standby-init' ? (message as { channel?: ChannelGrant }).channel : undefined;
  if (grant) open(grant);
  for (const listener of listeners) listener(message);
});

const own = (workerData as { channel?: ChannelGrant } | undefined)?.channel;
if (own) open(own);
