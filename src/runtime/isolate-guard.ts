/**
 * Runs in every isolate's worker before the isolate loads (isolate-entry.ts). Two jobs:
 *
 * - Memory: `limits.memory_mb` bounds heap plus external memory (ArrayBuffers, Buffers), not only the heap
 *   the worker's resource limits cover. Past it the worker exits with MEMORY_EXIT_CODE and the host answers
 *   its events 503 `exceeded_memory` and starts a fresh isolate (docs/runtime.md, Limits). Each figure is also
 *   published for the watch on the parent thread, which covers a turn that never yields (memory-watch.ts).
 * - Outbound fetch: when the host gave an egress port, `fetch` sends the request to the host, which makes it
 *   under the egress policy (src/runtime/egress/gateway.ts); the isolate itself opens no connection.
 */
import { getHeapStatistics } from 'node:v8';
import { measureMemory } from 'node:vm';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { IsolateInit } from './protocol.js';
import { MEMORY_EXIT_CODE, type WorkerExtras } from './isolate-guard-protocol.js';
import { REPORT_SEQ, REPORT_USED } from './memory-watch.js';
import { EGRESS_BODY_LIMIT, type EgressReplyMessage, type EgressRequestMessage } from './egress/protocol.js';

/** How often heap plus external memory is read. */
const MEMORY_CHECK_MS = 20;

const data = workerData as IsolateInit & WorkerExtras;
const exit = process.exit.bind(process);
const host = process;
const memoryUsage = process.memoryUsage.bind(process);
const memoryBytes = data.memoryBytes;
// Each figure is published for the thread that watches this one while it runs without yielding (memory-watch.ts).
const report = data.memoryReport ? new Float64Array(data.memoryReport) : undefined;
const publish = (used: number) => {
  if (!report) return;
  report[REPORT_USED] = used;
  report[REPORT_SEQ] = (report[REPORT_SEQ] ?? 0) + 1;
};
/** What the allocator held beyond V8's figure at the last timer check (see checkAll). */
let outside = 0;
/** Heap plus external memory: what V8 counts, read before each message leaves (about 1.4 µs). */
const checkMemory = () => {
  const stats = getHeapStatistics();
  const used = stats.used_heap_size + stats.external_memory;
  publish(used + outside);
  if (used > memoryBytes) exit(MEMORY_EXIT_CODE);
};

/**
 * On the timer, also the bytes this isolate's ArrayBuffer allocator holds beyond V8's external figure:
 * SharedArrayBuffers and the contents of Blobs (held by Node, not by an ArrayBuffer) are missing from
 * `external_memory`, so code keeping them grew past its limit up to the account's sandbox limit. `arrayBuffers`
 * counts them, and ordinary ArrayBuffers, which `external_memory` has too, so only the excess is added (about 13 µs).
 * V8 does not weigh them when it decides to collect garbage, so dropped ones linger: past the limit because of
 * them, the isolate first has its garbage collected (vm.measureMemory, eager: one full collection, at most every
 * COLLECT_EVERY_MS) and is stopped only if it is still past it after a second collection RECHECK_MS later (the
 * backing stores a collection drops are freed by a background task, which a loaded machine runs late: one check
 * stopped an application that kept 60 MB and dropped 40 MB a request under memory_mb 128).
 */
const COLLECT_EVERY_MS = 200;
const RECHECK_MS = 50;
// Taken before application code runs, which shares this realm and could replace them to dodge the check.
const now = performance.now.bind(performance);
const then = Promise.prototype.then;
const later = setTimeout;
let collecting = false;
let collectedAt = -Infinity;
const measureAll = () => {
  const stats = getHeapStatistics();
  const inV8 = stats.used_heap_size + stats.external_memory;
  const beyond = memoryUsage().arrayBuffers - stats.external_memory;
  outside = beyond > 0 ? beyond : 0;
  return { inV8, all: inV8 + outside };
};
const checkAll = () => {
  const { inV8, all } = measureAll();
  publish(all);
  if (inV8 > memoryBytes) exit(MEMORY_EXIT_CODE);
  if (all <= memoryBytes || collecting || now() - collectedAt < COLLECT_EVERY_MS) return;
  collecting = true;
  collect(false);
};
/** One full collection, then the measure again; `last` says whether a second chance was given already. */
const collect = (last: boolean) => {
  const confirm = () => {
    if (measureAll().all > memoryBytes) {
      if (!last) {
        later(() => collect(true), RECHECK_MS);
        return;
      }
      exit(MEMORY_EXIT_CODE);
    }
    collecting = false;
    collectedAt = now();
  };
  // Its one-time experimental warning is Ledge's business, not the application's output.
  const emitWarning = host.emitWarning;
  host.emitWarning = () => undefined;
  try {
    then.call(measureMemory({ mode: 'summary', execution: 'eager' }), confirm, confirm);
  } catch {
    confirm();
  } finally {
    host.emitWarning = emitWarning;
  }
};
checkAll();
setInterval(checkAll, MEMORY_CHECK_MS).unref();
// Checked again before anything leaves the isolate (about 1.4 µs): an event that went past the limit within one
// turn of the loop never gets its response out; it is answered 503 like the others.
const port = parentPort;
if (port) {
  const post = port.postMessage.bind(port);
  port.postMessage = (value: unknown, transfer?: readonly Transferable[]) => {
    checkMemory();
    post(value, transfer as never);
  };
}

if (data.egress) installEgressFetch(data.egress);

interface PendingFetch {
  resolve: (response: Response) => void;
  reject: (err: Error) => void;
  body: ReadableStreamDefaultController<Uint8Array> | undefined;
  settled: boolean;
}

function installEgressFetch(port: MessagePort): void {
  const nativeFetch = globalThis.fetch;
  const pending = new Map<number, PendingFetch>();
  let nextId = 1;
  const send = (message: EgressRequestMessage) => port.postMessage(message);
  port.on('message', receive);
  // The port must not keep an idle isolate alive on its own; an event in flight keeps it running anyway.
  port.unref();

  function receive(message: EgressReplyMessage): void {
    const entry = pending.get(message.id);
    if (!entry) return;
    switch (message.t) {
      case 'head': {
        const nullBody = message.status === 204 || message.status === 205 || message.status === 304 || !message.hasBody;
        const id = message.id;
        const body = nullBody ? null : new ReadableStream<Uint8Array>({
          start(controller) { entry.body = controller; },
          pull() { send({ t: 'credit', id }); },
          cancel() { pending.delete(id); send({ t: 'cancel', id }); },
        }, { highWaterMark: 0 });
        const response = new Response(body, { status: message.status, statusText: message.statusText, headers: toPairs(message.headers) });
        Object.defineProperty(response, 'url', { value: message.url });
        Object.defineProperty(response, 'redirected', { value: message.redirected });
        entry.settled = true;
        if (nullBody) pending.delete(id);
        entry.resolve(response);
        break;
      }
      case 'chunk': entry.body?.enqueue(message.chunk); break;
      case 'end':
        pending.delete(message.id);
        entry.body?.close();
        break;
      case 'error': {
        pending.delete(message.id);
        const err = message.name === 'TypeError' ? new TypeError(message.message) : new Error(message.message);
        if (entry.settled) entry.body?.error(err);
        else entry.reject(err);
        break;
      }
    }
  }

  globalThis.fetch = async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // data: and blob: URLs never leave the isolate.
    if (url.protocol === 'data:' || url.protocol === 'blob:') return nativeFetch(request);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`fetch: the scheme of ${url.protocol}// is not supported (http: and https: only)`);
    request.signal.throwIfAborted();
    let body: Uint8Array | null = null;
    if (request.body) {
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.byteLength > EGRESS_BODY_LIMIT) throw new TypeError(`fetch: the request body is ${bytes.byteLength} bytes; at most ${EGRESS_BODY_LIMIT} are sent`);
      body = bytes;
    }
    const headers: string[] = [];
    for (const [name, value] of request.headers) headers.push(name, value);
    const id = nextId++;
    return new Promise<Response>((resolve, reject) => {
      const entry: PendingFetch = { resolve, reject, body: undefined, settled: false };
      pending.set(id, entry);
      request.signal.addEventListener('abort', () => {
        if (!pending.has(id)) return;
        pending.delete(id);
        send({ t: 'cancel', id });
        const reason = request.signal.reason instanceof Error ? request.signal.reason : new DOMException('This operation was aborted', 'AbortError');
        if (entry.settled) entry.body?.error(reason);
        else reject(reason);
      }, { once: true });
      send({ t: 'fetch', id, method: request.method, url: request.url, headers, body, redirect: request.redirect });
    });
  };
}

function toPairs(flat: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i] as string, flat[i + 1] as string]);
  return pairs;
}
