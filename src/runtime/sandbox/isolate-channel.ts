/**
 * Runs first in every isolate worker inside a sandbox (sandbox/isolate-entry.ts): the isolate's batches to the
 * host and the host's to it travel over the isolate's own connection to the host (a Unix socket the host
 * listens on in a directory bound into that sandbox alone), not through the sandbox's main thread, which only
 * starts and stops workers and carries their stats, errors, exits, egress and the answers of synchronous calls
 * (issue 13 item 8: each hop through that thread is a wake-up and a decode and encode per batch). The
 * connection's first bytes are the isolate's token, which the host handed out for this isolate and this one
 * connection; the host binds the connection to that isolate and checks everything on it as untrusted input
 * (channel.ts). The isolate code above is unchanged: it posts and receives lists of messages on its parent
 * port, which this module redirects.
 *
 * Writes are synchronous (`writeSync` on the socket's descriptor, whatever the kernel takes now, the rest
 * queued here and retried shortly): a synchronous storage call (sync-bridge.ts) blocks the thread right after
 * posting, so its frame must be in the kernel before that, never in a queue only this thread's event loop drains.
 *
 * Memory: the guard counts this thread's heap plus external memory against `limits.memory_mb`
 * (isolate-guard.ts), and V8 collects ArrayBuffers only every few tens of MB. Every buffer this module makes
 * (each frame written, and each frame or part of one copied out of its one read buffer) is the platform's alone, so
 * it is released the moment it is done with, by moving it into a message nobody receives: its memory goes at
 * once instead of waiting for a collection while a 2 GB response streams (the relay moved them to its own
 * thread; `test/large-response.test.ts`). Buffers application code can see are never moved.
 */
// Imported, never taken from the global scope: an isolate's global scope has no Buffer, and application code may change the rest.
import { Buffer } from 'node:buffer';
import { writeSync } from 'node:fs';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { MessageChannel, parentPort, workerData } from 'node:worker_threads';
import type { IsolateMessage } from '../protocol.js';
import { CHANNEL_UP, type ChannelGrant } from './channel.js';
import { decodeOwned, encodeFrame, FrameReader } from './frames.js';
import { encodeTextFrame, plainBatchText, writeTextFrame } from './plain-frames.js';
import { splitBatch } from './split.js';

/** Longest a blocked write waits for the host to read (a synchronous call's frame). */
const BLOCKED_WRITE_MS = 30_000;
/** How soon a write the kernel refused (the host reads slower than this isolate writes) is tried again. */
const RETRY_MS = 1;
/** The buffer the host's frames are read into (reused for every read). */
const READ_BUFFER_BYTES = 64 * 1024;
/** Buffers smaller than this are left to the collector: releasing one costs more than it saves. */
const RELEASE_MIN_BYTES = 16 * 1024;
/** The buffer JSON frames (plain-frames.ts) are written from (reused for every frame the kernel takes whole). */
const TEXT_BUFFER_BYTES = 64 * 1024;

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

/** A port whose other end is closed: a buffer moved into it is freed at once (its ArrayBuffer is detached). */
const sink = new MessageChannel();
sink.port2.close();
const drop = sink.port1.postMessage.bind(sink.port1);
function release(buffer: ArrayBuffer): void {
  if (buffer.byteLength >= RELEASE_MIN_BYTES) drop(null, [buffer]);
}

/** Frames to the host: written at once when the kernel takes them, else queued in order. */
class Writer {
  #fd = -1;
  /** Bytes the kernel has not taken yet (frames this module made: nothing application code can change). */
  #queue: Buffer[] = [];
  #retry: NodeJS.Timeout | undefined;

  /** The connection is up: its token goes first, then whatever was queued. */
  attach(fd: number, token: Buffer): void {
    this.#fd = fd;
    this.#queue.unshift(token);
    this.#drain();
  }

  /**
   * A JSON frame: written from this module's one text buffer when the kernel takes it now (no buffer made per
   * frame, so nothing for the collector or for V8's count of external memory); what it does not take is copied.
   */
  writeText(text: string): void {
    const length = this.#queue.length === 0 && this.#fd >= 0 ? writeTextFrame(text, textBuffer) : -1;
    if (length < 0) {
      this.write(encodeTextFrame(text));
      return;
    }
    const written = this.#write(textBuffer, length);
    if (written === length) return;
    this.#queue.push(Buffer.from(textBuffer.subarray(written, length)));
    this.#schedule();
  }

  write(frame: Buffer): void {
    if (this.#queue.length === 0 && this.#fd >= 0) {
      const written = this.#write(frame);
      if (written === frame.byteLength) {
        done(frame);
        return;
      }
      this.#queue.push(frame.subarray(written));
      this.#schedule();
      return;
    }
    this.#queue.push(frame);
    if (this.#fd >= 0) this.#drain();
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

  /** Writes what the kernel takes now; true when the queue is empty. */
  #drain(): boolean {
    while (this.#queue.length > 0) {
      const head = this.#queue[0] as Buffer;
      const written = this.#write(head);
      if (written === head.byteLength) {
        this.#queue.shift();
        done(head);
        continue;
      }
      this.#queue[0] = head.subarray(written);
      this.#schedule();
      return false;
    }
    return true;
  }

  #schedule(): void {
    if (this.#retry === undefined) this.#retry = setTimeout(() => { this.#retry = undefined; this.#drain(); }, RETRY_MS);
  }

  #write(bytes: Buffer, length = bytes.byteLength): number {
    try {
      return writeSync(this.#fd, bytes, 0, length);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return 0;
      // The host closed the connection: it no longer wants this isolate.
      return exit(1);
    }
  }
}

/** A frame (or the last part of one) is in the kernel: its buffer, this module's own, goes at once. */
function done(bytes: Buffer): void {
  if (bytes.byteOffset + bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) release(bytes.buffer);
}

const textBuffer = Buffer.allocUnsafeSlow(TEXT_BUFFER_BYTES);
const writer = new Writer();
let announced = false;
let opened = false;

function open(grant: ChannelGrant): void {
  if (opened) return;
  opened = true;
  // What the host sends is decoded into values owning their bytes, so reads go into one buffer, reused: no
  // allocation per read, and no stream machinery between the socket and the isolate (Node's `onread`).
  const reader = new FrameReader(Number.MAX_SAFE_INTEGER, { decode: decodeOwned, release, transient: true });
  const socket = connect({
    path: grant.path,
    onread: {
      buffer: Buffer.allocUnsafeSlow(READ_BUFFER_BYTES),
      callback(bytes: number, buffer: Uint8Array) {
        const batches = reader.push(Buffer.from(buffer.buffer, buffer.byteOffset, bytes));
        for (const batch of batches) for (const listener of listeners) listener(batch);
        return true;
      },
    },
  });
  socket.on('connect', () => {
    // The descriptor of the socket this thread's loop reads; writes go to it directly (see the top of the file).
    const fd = (socket as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
    if (typeof fd !== 'number' || fd < 0) return exit(1);
    // Its own small buffer (not a slice of Node's shared pool): everything queued is this module's alone.
    const token = Buffer.alloc(grant.token.length / 2);
    token.write(grant.token, 'hex');
    writer.attach(fd, token);
  });
  // Without its connection the isolate can neither hear nor answer: it stops, and the host sees it exit.
  socket.on('error', () => exit(1));
  socket.on('close', () => exit(1));
}

/** Whether a part of a batch holds a synchronous call, after which this thread blocks. */
function blocks(part: IsolateMessage[]): boolean {
  for (let i = 0; i < part.length; i++) if ((part[i] as { sync?: unknown } | null)?.sync === true) return true;
  return false;
}

port.postMessage = (value: unknown, transfer?: readonly Transferable[]) => {
  if (!Array.isArray(value)) return post(value, transfer as never);
  let blocking = false;
  for (const part of splitBatch(value as IsolateMessage[])) {
    const text = plainBatchText(part);
    if (text === undefined) writer.write(encodeFrame(part));
    else writer.writeText(text);
    if (blocks(part)) blocking = true;
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
