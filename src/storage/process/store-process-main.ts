/**
 * The store process (store-process.ts starts it): it reads calls framed on stdin, runs them one at a time in
 * order, and writes one framed answer per call on stdout. When the platform says close (CLOSE_MESSAGE, then the
 * end of stdin) it finishes its calls, closes its stores and exits. When stdin ends without it, the platform's
 * process died: this one exits at once without closing anything, as if killed with it, so it never writes its
 * stores' files beside a platform started again on them (they are kept whole by any kill). A watchdog thread
 * kills it if the platform's process is gone (the main thread may be inside an endless SQL statement and never see
 * stdin end).
 */
import { Worker } from 'node:worker_threads';
import type { Clock } from '../../platform/clock.js';
import { createFrameReader, encodeFrame } from './frames.js';
import { STORE_PROCESS_FLAG, type ReportedError, type StoreCallEvents, type StoreHandlers, type StoreProcessCall, type StoreProcessConfig } from './protocol.js';
import { createSqlHandlers } from './sql-handlers.js';
import { createCoordinationHandlers } from './coordination-handlers.js';

/** The handler set of each kind. */
const KINDS: Record<StoreProcessConfig['kind'], (dir: string, clock: Clock, events: StoreCallEvents) => StoreHandlers> = {
  sql: createSqlHandlers,
  coordination: createCoordinationHandlers,
};

function toReported(err: unknown): ReportedError {
  const e = err as { message?: unknown; code?: unknown; index?: unknown };
  return {
    message: typeof e?.message === 'string' ? e.message : String(err),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof e?.index === 'number' ? { index: e.index } : {}),
  };
}

function send(message: unknown): void {
  let frame: Buffer;
  try {
    frame = encodeFrame(message);
  } catch (err) {
    const { id } = message as { id: number };
    frame = encodeFrame({ id, ok: false, error: { code: 'operation_failed', message: `the answer could not be sent: ${(err as Error).message}` } });
  }
  process.stdout.write(frame);
}

/** Serves calls until stdin ends. */
function main(config: StoreProcessConfig): void {
  // The platform's process is this one's parent (the shell that started it exec'd this): if it goes, so does this.
  const parent = process.ppid;
  new Worker(`const { workerData } = require('node:worker_threads');
    setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 500);`, { eval: true, workerData: parent }).unref();
  let now = Date.now();
  const clock: Clock = { now: () => now };
  let currentId = 0;
  // Written at once (stdout is a pipe, written synchronously on Linux): the host stops timing the call.
  const handlers = KINDS[config.kind](config.dir, clock, { committed: () => send({ id: currentId, committed: true }) });
  const queue: StoreProcessCall[] = [];
  let running = false;
  let ended = false;
  const finish = () => {
    handlers.close();
    process.stdout.write('', () => process.exit(0));
  };
  const pump = async () => {
    if (running) return;
    running = true;
    while (queue.length) {
      const call = queue.shift() as StoreProcessCall;
      now = typeof call.now === 'number' && Number.isFinite(call.now) ? call.now : Date.now();
      currentId = call.id;
      try {
        const method = Object.hasOwn(handlers.methods, call.method) ? handlers.methods[call.method] : undefined;
        if (!method) throw new Error(`the store process has no method ${String(call.method)}`);
        send({ id: call.id, ok: true, value: await method(Array.isArray(call.args) ? call.args : []) });
      } catch (err) {
        send({ id: call.id, ok: false, error: toReported(err) });
      }
    }
    running = false;
    if (ended) finish();
  };
  process.stdin.on('data', createFrameReader((message) => {
    if ((message as { close?: unknown }).close === true) {
      ended = true;
      if (!running) finish();
      return;
    }
    if (ended) return;
    queue.push(message as StoreProcessCall);
    void pump();
  }, (problem) => {
    process.stderr.write(`the store process stops: the platform sent ${problem}\n`);
    process.exit(1);
  }));
  process.stdin.on('end', () => {
    if (!ended) process.exit(0);
  });
  send({ ready: true });
}

// Only as a process's entry (the host runs this file), never when imported.
if (process.argv[2] === STORE_PROCESS_FLAG) main(JSON.parse(process.argv[3] ?? '{}') as StoreProcessConfig);
