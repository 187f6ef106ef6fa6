import { LedgeError, isLedgeError, type ErrorCode } from '../platform/errors.js';
import { redactingLogger, type Logger } from '../platform/logger.js';
import { BindingError, isBindingError, type BindingService } from '../bindings/plugin.js';
import { createBatchSender } from './batch-port.js';
import { CpuMeter, type CpuUsage } from './cpu-meter.js';
import { spawnThread, type IsolateSpawner, type IsolateWorker } from './isolate-worker.js';
import { HostSockets, type UpgradeTarget } from './websockets/host-sockets.js';
import { isSocketMessage } from './websockets/protocol.js';
import { HostTcpSockets } from './tcp/host-tcp.js';
import { isTcpMessage } from './tcp/protocol.js';
import { ResponseStream } from './response-stream.js';
import { CONSOLE_BYTES_PER_EVENT, createConsoleBudget } from './console-budget.js';
import { startTrace, traceLine, type EventKind, type EventLogLine, type EventObserver, type EventTrace } from './event-trace.js';
import type { WorkflowRunEvent, WorkflowRunOutcome } from '../bindings/workflows/protocol.js';
import type { ObjectCaller, ObjectEvent, ObjectLease, ObjectOutcome } from '../bindings/coordination/protocol.js';
import { encodedRequestLine, encodedResponseStatus } from './rpc/codec.js';
import { claimSocket, offerIsolateSocket } from '../bindings/coordination/websockets-handoff.js';
import { RpcPort } from './rpc/host-links.js';
import { RPC_LIMITS } from './rpc/limits.js';
import { isRpcIsolateMessage } from './rpc/protocol.js';
import type { RpcOutcome } from './rpc/errors.js';
import { RESPONSE_UNREAD_LIMIT_BYTES, STREAM_WINDOW_BYTES, type LeasedCallTrace, type RpcEventCall, type FlatHeaders, type HostMessage, type IsolateInit, type IsolateMessage, type QueueBatchEvent, type QueueOutcome, type ScheduledFiring, type ScheduledOutcome } from './protocol.js';

/** Methods the Fetch API forbids in a Request: CONNECT, and TRACE/TRACK (cross-site tracing). */
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A request as the runtime sees it: already parsed by the entry layer. */
export interface DispatchRequest {
  method: string;
  /** Absolute URL. */
  url: string;
  headers: FlatHeaders;
  /** The body, or null for none. */
  body: AsyncIterable<Uint8Array> | null;
  /** Fires when the client goes away: the application sees its request's signal abort. */
  signal?: AbortHook;
  /** The peer address of the client's connection; absent for requests made without a socket. */
  clientAddress?: string;
  /** The event's id, given by the entry layer (src/entry/response-origin.ts); log lines of the event carry it. */
  requestId?: string;
  /** The HTTP version the client spoke (`HTTP/1.1`); absent for requests made without a socket. */
  httpProtocol?: string;
}

/** The part of AbortSignal the runtime needs; the HTTP bridge supplies a cheaper one per request. */
export interface AbortHook {
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
}

/** A response from application code; `body` is complete bytes, null, or a stream the caller drains. */
export interface DispatchResponse {
  status: number;
  statusText: string;
  headers: FlatHeaders;
  body: string | Uint8Array | null | AsyncIterable<Uint8Array>;
  /** A 101 answer to a WebSocket upgrade: the socket the client's connection joins (docs/websockets.md). */
  webSocket?: UpgradeTarget;
  /** Who made it when not the application: the platform itself, or an origin behind a tunnel (header `ledge-origin`). */
  origin?: 'platform' | 'upstream';
}

/** How an isolate is started. */
export interface IsolateOptions {
  init: Omit<IsolateInit, 'heartbeat'>;
  memoryMb: number;
  logger: Logger;
  /** Host-side services of the isolate's bindings, by binding name; a function is given the isolate (a service that answers only it). */
  services: Readonly<Record<string, BindingService>> | ((isolate: Isolate) => Readonly<Record<string, BindingService>>);
  /** Called once when the isolate stops for any reason. */
  onExit: (isolate: Isolate, failure: ErrorCode, reclaimed: boolean) => void;
  /** Starts the worker: a thread of this process, or one inside the account's sandbox. @default a thread */
  spawn?: IsolateSpawner;
  /** Told how each event went once it ends (docs/observability.md); without it no trace is collected. */
  observe?: EventObserver | undefined;
  /** Scrubs the deployment's secret values from what is logged of its code and from the failures handed on (the entry logs them). */
  redact?: (text: string) => string;
}

/**
 * Console output the host takes from an isolate per event (and per second outside events): four times what the
 * isolate's own budget lets through, so honest output (cut lines, notices, windows that straddle a second) always
 * fits, while forged log messages cannot fill the platform's log.
 */
const HOST_CONSOLE_BYTES = 4 * CONSOLE_BYTES_PER_EVENT;
/**
 * Console lines the host holds in the records of calls under leases still running, all of one isolate's together.
 * Those calls are the isolate's word: a subverted isolate announcing thousands of them, each with its own 1 MB
 * budget, made the host hold (and log) a megabyte per announcement. Past it their lines are still logged (within HOST_CONSOLE_BYTES per second for
 * all of them) but counted as dropped from their records.
 */
const LEASED_TRACE_BYTES = 16 * 1024 * 1024;

interface PendingEvent {
  id: number;
  /** The calls through service bindings and to coordination objects naming this event that are in flight. */
  nested?: { inFlight: number };
  /** A scheduled or queue event: its wall-time bound is at least 15 minutes, and an overrun stops the isolate. */
  scheduled?: true;
  startedAt: number;
  /** CPU milliseconds charged to this event (its share of the isolate's busy time). */
  cpuMs: number;
  resolveHead: ((response: DispatchResponse) => void) | undefined;
  rejectHead: ((err: Error) => void) | undefined;
  stream: ResponseStream | undefined;
  requestCredit: (() => void) | undefined;
  requestOutstanding: number;
  /** The request id the entry gave the event: its log lines carry it. */
  requestId?: string;
  /** Of a call under a lease: the bytes of console lines its record holds (LEASED_TRACE_BYTES). */
  heldLogBytes?: number;
  /** When the isolate finished the response (its body included): from then on only ctx.waitUntil work keeps the event. */
  answeredAt?: number;
  /** What the observer will be told, when the version has one. */
  trace?: EventTrace;
  /** Calls through bindings this event is nested in: 0 for a request from outside, one more per service-binding hop. */
  depth?: number;
}

/** An incoming service-binding call for `Isolate.runRpc`: the caller's end of the link, and what to run. */
export interface RpcEventRequest extends Omit<RpcEventCall, 'link'> {
  /** The calling isolate's RPC port, and its number of the call's link. */
  from: RpcPort;
  fromLink: number;
  /** The caller's nesting depth plus one. */
  depth: number;
}

/** What the watchdog sees of one event in flight. */
export interface EventSample {
  cpuMs: number;
  startedAt: number;
  headSent: boolean;
  scheduled: boolean;
  answeredAt: number | undefined;
}

/** One watchdog reading of an isolate. */
export interface IsolateSample {
  events: ReadonlyMap<number, EventSample>;
  /** How long the event loop has gone without turning (a loop that never yields), once the module has loaded. */
  stalledMs: number;
  /** Background CPU not yet forgiven (see cpu-meter.ts). */
  backgroundDebtMs: number;
}

let nextIsolateId = 1;

/**
 * How long an isolate may take to give back an object's lease (its calls under the lease ending) before it is
 * stopped, so the object can move: the wall-time bound of an object event the host delivers (deployment.ts).
 */
const LEASE_END_MS = 15 * 60 * 1000;

/**
 * Calls under leases (object-local) one isolate may have running at once, as the host counts them. Only calls that
 * log are announced; each held costs the host about a kilobyte (its record's trigger names the object and method),
 * so 100,000, forged and never ended, held over 100 MB per isolate of the platform's memory.
 */
const MAX_LEASED_EVENTS = 10_000;

/** One worker (a thread, here or in a sandbox process) running one version of a deployment. */
export class Isolate {
  readonly id = nextIsolateId++;
  readonly ready: Promise<void>;
  #worker: IsolateWorker;
  #events = new Map<number, PendingEvent>();
  #nextEvent = 1;
  #lastBeat = 0;
  #lastBeatAt = Date.now();
  #meter: CpuMeter;
  #exited = false;
  #stopping = false;
  #failure: ErrorCode = 'isolate_failed';
  #logger: Logger;
  readonly #redact: (text: string) => string;
  /** The host's bound on console output, per event and per second outside events (HOST_CONSOLE_BYTES). */
  readonly #consoleBudget = createConsoleBudget(HOST_CONSOLE_BYTES);
  /** The calls under leases share one bound per second (their number is the isolate's word), and what their records hold. */
  readonly #leasedConsoleBudget = createConsoleBudget(HOST_CONSOLE_BYTES, Date.now, 'of calls under leases');
  #leasedLogBytes = 0;
  #services: Readonly<Record<string, BindingService>>;
  #requestSignal: boolean;
  #hasFetch = false;
  #isReady = false;
  #send: ((message: HostMessage, transfer?: ArrayBuffer) => void) & { flush(): void };
  /** Sockets joined to this isolate; kept apart from events, since a socket outlives the event that opened it. */
  #sockets: HostSockets;
  /** Outbound TCP sockets (`connect()`): made here, under the egress policy where there is one. */
  #tcp: HostTcpSockets;
  #observe: EventObserver | undefined;
  #name: string;
  /** The host end of this isolate's RPC links (service bindings): joined to other isolates' ports call by call. */
  #rpc: RpcPort;
  /** Stops the pushes of watched bindings (BindingService.watch) when the isolate exits. */
  #unwatch: (() => void)[] = [];
  /** Lease ends asked of the isolate and not answered yet (bindings/coordination/leases.ts), by number. */
  #leaseEnds = new Map<number, { resolve: (unused: number | undefined) => void; timer: NodeJS.Timeout }>();
  #nextLeaseEnd = 1;
  /** When the host started the isolate: no call under a lease began before. */
  readonly #createdAt = Date.now();
  /**
   * Calls the isolate runs under its leases now (events numbered below zero by the isolate), apart from #events:
   * their CPU is their caller's event's, so they take no share of the isolate's time. Counted among the events, the
   * thousands a subverted isolate may announce thinned each event's share (and hid background work) past every CPU limit.
   */
  #leased = new Map<number, PendingEvent>();

  constructor(options: IsolateOptions) {
    this.#redact = options.redact ?? ((text) => text);
    this.#logger = options.redact ? redactingLogger(options.logger, options.redact) : options.logger;
    this.#name = options.init.name;
    this.#rpc = new RpcPort({ post: (message) => this.#post(message) });
    this.#observe = options.observe;
    this.#services = typeof options.services === 'function' ? options.services(this) : options.services;
    this.#requestSignal = options.init.requestSignal;
    const spawn = options.spawn ?? spawnThread;
    // In a sandbox a binding call crosses the channel twice: a binding whose service pushes its writes may keep a read cache there.
    const watched = spawn.remote ? options.init.bindings.filter((b) => this.#services[b.name]?.watch).map((b) => b.name) : [];
    const init = watched.length === 0 ? options.init : { ...options.init, bindings: options.init.bindings.map((b) => (watched.includes(b.name) ? { ...b, watched: true as const } : b)) };
    this.#worker = spawn({ init, memoryMb: options.memoryMb });
    this.#send = createBatchSender<HostMessage>(this.#worker, this.#worker.batchLimit);
    for (const name of watched) {
      // The push goes out at once, behind what is already batched for the isolate and ahead of the write's answer.
      this.#unwatch.push((this.#services[name] as BindingService & { watch: NonNullable<BindingService['watch']> }).watch((data) => {
        if (this.#exited) return;
        this.#send({ t: 'binding-push', binding: name, data });
        this.#send.flush();
      }));
    }
    // Time spent on socket messages is the sockets' work, not background: book the stretch before each change.
    this.#sockets = new HostSockets((message) => this.#post(message), options.logger, () => this.#book(Date.now()), this.#worker.checkOutbound);
    this.#tcp = new HostTcpSockets((message) => this.#post(message), options.logger, this.#worker.checkOutbound);
    const worker = this.#worker;
    this.#meter = new CpuMeter(() => worker.activeMs(), Date.now());
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (messages: IsolateMessage[]) => messages.forEach((message) => {
        if (message.t === 'ready') {
          this.#hasFetch = message.hasFetch;
          // Loading is counted, but it is not background work to stop: the limit applies from here on.
          this.#book(Date.now());
          this.#isReady = true;
          resolve();
        } else if (message.t === 'load-error') {
          reject(new LedgeError('bundle_failed', `the entry module failed to load: ${message.error.stack ?? message.error.message}`));
          void this.#worker.terminate();
        }
      });
      this.#worker.onMessage(onMessage);
      this.#worker.onExit(() => reject(new LedgeError('isolate_failed', `the isolate stopped while loading (${this.#failure})`)));
    });
    this.ready.catch(() => undefined);
    this.#worker.onMessage((messages: IsolateMessage[]) => {
      for (const message of messages) this.#onMessage(message);
    });
    this.#worker.onError((err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') this.#failure = 'exceeded_memory';
      else this.#logger.error(`isolate error: ${err.stack ?? err.message}`);
    });
    this.#worker.onExit((failure, reclaimed) => {
      if (failure) this.#failure = failure;
      this.#exited = true;
      for (const stop of this.#unwatch.splice(0)) stop();
      // A stopped isolate runs nothing under its leases any more: every lease it held is given back.
      for (const seq of [...this.#leaseEnds.keys()]) this.#settleLeaseEnd(seq, undefined);
      this.#rpc.close();
      // A planned stop (a reload, a new version) is a restart; a limit or a crash is a failure.
      const planned = this.#stopping && !this.#failure.startsWith('exceeded_');
      this.#sockets.closeAll(planned ? 1012 : 1011, planned ? 'the deployment restarted' : 'the deployment failed');
      this.#tcp.closeAll();
      this.#failAll(this.#failure);
      options.onExit(this, this.#failure, reclaimed === true);
    });
  }

  /** Whether the module has loaded (checked before awaiting `ready` on the hot path). */
  get isReady(): boolean { return this.#isReady; }

  /** Whether the entry module exports a fetch handler. */
  get hasFetch(): boolean { return this.#hasFetch; }

  /** Whether the worker thread has stopped. */
  get exited(): boolean { return this.#exited; }

  /** Whether the thread was told to stop (it may still be running). */
  get stopping(): boolean { return this.#stopping; }

  /** WebSockets open on this isolate. */
  get openSockets(): number { return this.#sockets.size; }

  /** Outbound TCP sockets open or opening on this isolate. */
  get openTcpSockets(): number { return this.#tcp.size; }

  /** Events still running, waitUntil work included. */
  get inflight(): number { return this.#events.size; }

  /** The request ids of the fetch events in flight (or of the events named), for log lines about them. */
  requestIds(eventIds?: Iterable<number>): string[] {
    const events = eventIds === undefined ? [...this.#events.values()] : [...eventIds].map((id) => this.#events.get(id));
    return events.flatMap((event) => (event?.requestId === undefined ? [] : [event.requestId]));
  }

  /** CPU used so far, as of the last watchdog reading. */
  get cpu(): CpuUsage { return this.#meter.usage; }

  /** Runs one fetch event; rejects with a LedgeError when the event fails before a response head. */
  dispatch(request: DispatchRequest): Promise<DispatchResponse> {
    if (this.#exited) return Promise.reject(new LedgeError('isolate_failed', 'the isolate has stopped'));
    // The Fetch API cannot carry these methods (new Request() throws on them): refused here as the platform's
    // answer, rather than failing inside the isolate as if the application had thrown.
    if (FETCH_FORBIDDEN_METHODS.has(request.method.toUpperCase())) {
      return Promise.reject(new LedgeError('method_not_supported', `${request.method} requests are never given to an application (the Fetch API forbids the method)`));
    }
    const id = this.#nextEvent++;
    const event: PendingEvent = { id, startedAt: Date.now(), cpuMs: 0, resolveHead: undefined, rejectHead: undefined, stream: undefined, requestCredit: undefined, requestOutstanding: 0, requestId: request.requestId };
    if (this.#observe) event.trace = startTrace('fetch', { requestId: request.requestId, method: request.method, url: request.url });
    this.#begin(event);
    const head = new Promise<DispatchResponse>((resolve, reject) => {
      event.resolveHead = resolve;
      event.rejectHead = reject;
    });
    this.#post({ t: 'req', id, method: request.method, url: request.url, headers: request.headers, hasBody: request.body !== null, httpProtocol: request.httpProtocol });
    if (request.body) void this.#pumpBody(event, request.body);
    // Only deployments that asked for request.signal (enable_request_signal) pay for a close listener per request.
    if (this.#requestSignal) request.signal?.addEventListener('abort', () => {
      if (event.trace && this.#events.has(id)) event.trace.canceled = true;
      if (this.#events.has(id)) this.#post({ t: 'abort', id, reason: 'the client disconnected' });
    }, { once: true });
    return head;
  }

  /** Runs one scheduled event; resolves with how it ended (a limit or a crash rejects with a LedgeError). */
  runScheduled(firing: ScheduledFiring): Promise<ScheduledOutcome> {
    return this.#runBackground<ScheduledOutcome>((id) => ({ t: 'scheduled', id, ...firing }));
  }

  /** Runs one queue batch; resolves with a decision per message (a limit or a crash rejects with a LedgeError). */
  runQueue(batch: QueueBatchEvent): Promise<QueueOutcome> {
    return this.#runBackground<QueueOutcome>((id) => ({ t: 'queue', id, ...batch }));
  }

  /** Runs one workflow run (docs/bindings/workflows.md); resolves with how it ended (a limit or a crash rejects with a LedgeError). */
  runWorkflow(run: WorkflowRunEvent): Promise<WorkflowRunOutcome> {
    return this.#runBackground<WorkflowRunOutcome>((id) => ({ t: 'workflow', id, run }));
  }

  /**
   * Runs one event of a coordination object on its instance here (bindings/coordination/instances.ts). A call
   * (rpc, fetch) comes with its caller's end of the RPC link its values are encoded on: joined here to this
   * isolate's port, so stubs, streams and bodies flow between the two as for a service binding; the sizes of
   * its arguments and result are bounded as there.
   */
  async runObject(event: ObjectEvent, from?: ObjectCaller): Promise<ObjectOutcome> {
    // Alarms and socket events have no caller: nothing to join.
    if (event.kind !== 'rpc' && event.kind !== 'fetch') return this.#runBackground<ObjectOutcome>((id) => ({ t: 'object', id, event }));
    const port = from?.endpoint;
    if (!from || !(port instanceof RpcPort)) return { ok: false, error: { name: 'Error', message: 'a call to a coordination object came without its caller' } };
    // Nested as service binding calls are (the original counts objects in its subrequest depth): a chain of objects
    // each calling the next ran on until its isolate ran out of memory (test/coordination-call-depth.test.ts).
    if (from.depth !== undefined && from.depth > RPC_LIMITS.maxDepth) {
      return { ok: false, error: { name: 'RangeError', message: `calls through bindings are nested more than ${RPC_LIMITS.maxDepth} deep (a loop between coordination objects?); the call to ${event.className} was refused` } };
    }
    const refused = port.oversized(event.args, event.kind === 'fetch' ? 'request' : 'argument list');
    if (refused && 'error' in refused) return { ok: false, error: refused.error };
    if (this.#exited) throw new LedgeError('isolate_failed', 'the isolate has stopped');
    let link: number;
    try {
      link = port.join(from.link, this.#rpc, from.depth);
    } catch (err) {
      return { ok: false, error: { name: 'TypeError', message: (err as Error).message } };
    }
    const outcome = await this.#runBackground<ObjectOutcome>((id) => ({ t: 'object', id, event: { ...event, link } }), from.depth === undefined ? {} : { depth: from.depth });
    // The object dropped its end, holding nothing there: the caller's end goes too, and no rpc-close travels.
    if (outcome.ok && outcome.linkDone === true) port.forget(from.link, this.#rpc);
    const oversized = outcome.ok && outcome.value !== undefined ? port.oversized(outcome.value, 'result') : undefined;
    // A refused result still has its writes committed (and the instance told), as when the object throws.
    return oversized && 'error' in oversized ? { ok: false, error: oversized.error, ...(outcome.writes ? { writes: outcome.writes } : {}) } : outcome;
  }

  /** Tells the isolate how the commit of the writes an object's result carried went. */
  settleCarried(seq: number, error?: string): void {
    this.#post(error === undefined ? { t: 'object-written', seq } : { t: 'object-written', seq, error });
  }

  /** This isolate's RPC end, as the callers it makes are named (`ObjectCaller.endpoint`). */
  get endpoint(): object { return this.#rpc; }

  /** Leases an object placed here to this isolate (bindings/coordination/leases.ts). */
  grantLease(lease: ObjectLease): void {
    this.#post({ t: 'object-lease', lease });
  }

  /**
   * Takes an object's lease back (or, with `idleMs`, asks whether it has been unused that long): resolves with
   * the isolate's answer, or undefined once the isolate has stopped. An isolate that does not answer within
   * LEASE_END_MS is stopped, so the object is free to move.
   */
  endLease(namespace: string, objectId: string, idleMs?: number): Promise<number | undefined> {
    if (this.#exited) return Promise.resolve(undefined);
    const seq = this.#nextLeaseEnd++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#logger.error(`the isolate did not give back its lease on object ${objectId} (${namespace}) within ${LEASE_END_MS / 1000} s; it is stopped`);
        void this.terminate('exceeded_wall_time');
      }, LEASE_END_MS);
      timer.unref();
      this.#leaseEnds.set(seq, { resolve, timer });
      this.#post(idleMs === undefined ? { t: 'object-lease-end', seq, namespace, objectId } : { t: 'object-lease-end', seq, namespace, objectId, idleMs });
    });
  }

  #settleLeaseEnd(seq: number, unused: number | undefined): void {
    const end = this.#leaseEnds.get(seq);
    if (!end) return;
    this.#leaseEnds.delete(seq);
    clearTimeout(end.timer);
    end.resolve(unused);
  }

  /** A call under a lease starts (`object-local`): an event of the object, counted and recorded as one the host delivers. */
  #startLeased(message: Extract<IsolateMessage, { t: 'object-local' }>): void {
    // The isolate numbers these events below zero; a number in use, or past the bound, is refused (it only feeds records).
    if (message.id >= 0 || this.#leased.has(message.id) || this.#leased.size >= MAX_LEASED_EVENTS) return;
    const event: PendingEvent = { id: message.id, startedAt: Date.now(), cpuMs: 0, resolveHead: undefined, rejectHead: undefined, stream: undefined, requestCredit: undefined, requestOutstanding: 0 };
    if (this.#observe) event.trace = leasedTrace(message, this.#createdAt);
    this.#leased.set(event.id, event);
  }

  /** A call under a lease ended: its record, from its announcement or (never announced) from this message alone. */
  #endLeased(message: Extract<IsolateMessage, { t: 'object-local-end' }>): void {
    const event = this.#leased.get(message.id);
    if (event) {
      this.#leased.delete(message.id);
      this.#leasedLogBytes -= event.heldLogBytes ?? 0;
      if (event.trace && message.exception) event.trace.exception = message.exception;
      if (event.trace) this.#report(event, event.trace);
      return;
    }
    if (!message.call || !this.#observe) return;
    const trace = leasedTrace(message.call, this.#createdAt);
    if (message.exception) trace.exception = message.exception;
    // Its CPU was counted with the event it ran within (the caller's).
    this.#report({ cpuMs: 0 }, trace);
  }

  /** A console line of a call under a lease, kept in its record while all such records hold less than LEASED_TRACE_BYTES. */
  #holdLeasedLine(event: PendingEvent, trace: EventTrace, level: EventLogLine['level'], line: string): void {
    if (this.#leasedLogBytes + line.length > LEASED_TRACE_BYTES) {
      trace.droppedLogs++;
      return;
    }
    const before = trace.logs.length;
    traceLine(trace, level, line);
    if (trace.logs.length === before) return;
    event.heldLogBytes = (event.heldLogBytes ?? 0) + line.length;
    this.#leasedLogBytes += line.length;
  }

  /** Tells the isolate to forget its instance of an object (evicted, or moved to another isolate). */
  dropObject(namespace: string, objectId: string): void {
    this.#post({ t: 'object-drop', namespace, objectId });
  }

  /**
   * Runs one call through a service binding (docs/bindings/services.md): an event of this isolate, bound by
   * its wall-time and CPU limits like a request; resolves with the call's outcome encoded on the new link.
   */
  runRpc(call: RpcEventRequest): Promise<RpcOutcome> {
    if (this.#exited) return Promise.reject(new LedgeError('isolate_failed', 'the isolate has stopped'));
    const { from, fromLink, depth, ...rest } = call;
    const link = from.join(fromLink, this.#rpc, depth);
    return this.#runBackground<RpcOutcome>((id) => ({ t: 'rpc-event', id, link, ...rest }), { depth, scheduled: false });
  }

  /** This isolate's RPC port (the caller's end of the links its binding calls open). */
  get rpcPort(): RpcPort { return this.#rpc; }

  /** The deployment's name, as the host knows it. */
  get deploymentName(): string { return this.#name; }

  /** An event with no response: its result message settles it. */
  #runBackground<T>(message: (id: number) => HostMessage, options: { depth?: number; scheduled?: boolean } = {}): Promise<T> {
    if (this.#exited) return Promise.reject(new LedgeError('isolate_failed', 'the isolate has stopped'));
    const id = this.#nextEvent++;
    const event: PendingEvent = { id, startedAt: Date.now(), cpuMs: 0, resolveHead: undefined, rejectHead: undefined, stream: undefined, requestCredit: undefined, requestOutstanding: 0 };
    if (options.scheduled !== false) event.scheduled = true;
    if (options.depth !== undefined) event.depth = options.depth;
    const posted = message(id);
    const traced = this.#observe ? tracedEvent(posted) : undefined;
    if (traced) event.trace = startTrace(traced.kind, traced);
    this.#begin(event);
    const result = new Promise<T>((resolve, reject) => {
      event.resolveHead = resolve as unknown as (response: DispatchResponse) => void;
      event.rejectHead = reject;
    });
    this.#post(posted);
    return result;
  }

  /** Stops one event: the application sees its request aborted; a caller waiting for the head gets `code`. */
  abortEvent(id: number, code: ErrorCode, reason: string): void {
    const event = this.#events.get(id);
    if (!event) return;
    if (event.trace) event.trace.failure ??= code;
    this.#post({ t: 'abort', id, reason });
    this.#settleHead(event, new LedgeError(code, reason));
    event.stream?.fail(new LedgeError(code, reason));
  }

  /**
   * Stops counting an event whose response was sent long ago (its ctx.waitUntil bound is past): the isolate
   * is told to abort it, and from now on what it runs is background work.
   */
  release(id: number): void {
    if (!this.#events.has(id)) return;
    this.#post({ t: 'abort', id, reason: 'ctx.waitUntil() work ran past its time bound' });
    this.#finish(id);
  }

  /** Stops the worker; events still running fail with `code`. */
  terminate(code: ErrorCode): Promise<void> {
    this.#failure = code;
    if (!this.#exited && !this.#stopping) this.#book(Date.now());
    this.#stopping = true;
    return this.#worker.terminate();
  }

  /**
   * Charges busy time since the last reading (to the running events, shared evenly, or to the background)
   * and reports how long the event loop has gone without turning (a synchronous loop in application code).
   */
  sampleCpu(now: number): IsolateSample {
    if (this.#exited) return { events: new Map(), stalledMs: 0, backgroundDebtMs: 0 };
    this.#book(now);
    const beat = this.#worker.heartbeat();
    // Module loading may block the loop (top-level work); from then on a stall counts, event or not.
    if (beat !== this.#lastBeat || !this.#isReady) {
      this.#lastBeat = beat;
      this.#lastBeatAt = now;
    }
    const view = new Map<number, EventSample>();
    for (const event of this.#events.values()) {
      view.set(event.id, { cpuMs: event.cpuMs, startedAt: event.startedAt, headSent: event.resolveHead === undefined, scheduled: event.scheduled === true, answeredAt: event.answeredAt });
    }
    return { events: view, stalledMs: now - this.#lastBeatAt, backgroundDebtMs: this.#meter.backgroundDebtMs };
  }

  /** Books busy time since the last reading to the events in flight, or to the background when there is none. */
  #book(now: number): void {
    const busy = this.#meter.take(now, this.#events.size > 0 || this.#sockets.working(now), this.#isReady);
    if (this.#events.size === 0) return;
    const share = busy / this.#events.size;
    for (const event of this.#events.values()) event.cpuMs += share;
  }

  /** An event starts; the stretch before it, if no other event was in flight, was background time. */
  #begin(event: PendingEvent): void {
    if (this.#events.size === 0) this.#book(Date.now());
    this.#events.set(event.id, event);
  }

  /** An event is over; if it was the last in flight, the stretch up to now was still its time. */
  #finish(id: number): void {
    if (this.#events.size === 1 && this.#events.has(id)) this.#book(Date.now());
    const event = this.#events.get(id);
    this.#events.delete(id);
    if (event?.trace) this.#report(event, event.trace);
  }

  /** Tells the observer how an event went; a fault in the observer never reaches the event or the isolate. */
  #report(event: Pick<PendingEvent, 'cpuMs'>, trace: EventTrace): void {
    trace.cpuMs = event.cpuMs;
    trace.endedAt = Date.now();
    try {
      this.#observe?.(trace);
    } catch (err) {
      this.#logger.error(`recording an event failed: ${(err as Error)?.stack ?? String(err)}`);
    }
  }

  #post(message: HostMessage, transfer?: ArrayBuffer): void {
    if (!this.#exited) this.#send(message, transfer);
  }

  async #pumpBody(event: PendingEvent, body: AsyncIterable<Uint8Array>): Promise<void> {
    try {
      for await (const chunk of body) {
        if (!this.#events.has(event.id)) return;
        while (event.requestOutstanding >= STREAM_WINDOW_BYTES) await new Promise<void>((resolve) => { event.requestCredit = resolve; });
        // A copy of exactly this chunk, moved rather than cloned (a pooled Buffer would drag its whole pool along).
        const own = chunk.slice();
        event.requestOutstanding += own.byteLength;
        this.#post({ t: 'req-chunk', id: event.id, chunk: own }, own.buffer);
      }
      this.#post({ t: 'req-end', id: event.id });
    } catch (err) {
      this.abortEvent(event.id, (err as { code?: ErrorCode }).code === 'request_too_large' ? 'request_too_large' : 'internal_error', `the request body could not be read: ${(err as Error).message}`);
    }
  }

  #onMessage(message: IsolateMessage): void {
    if (message.t === 'log') {
      const leased = message.event === undefined ? undefined : this.#leased.get(message.event);
      const event = leased ?? (message.event === undefined ? undefined : this.#events.get(message.event));
      // The isolate bounds its console output, but code that forges its messages does not: the host bounds it too.
      const admitted = leased ? this.#leasedConsoleBudget(undefined, message.message) : this.#consoleBudget(event, message.message);
      if (admitted.line !== undefined) {
        this.#logger[message.level](admitted.line, this.#eventFields(message.event));
        if (leased?.trace) this.#holdLeasedLine(leased, leased.trace, message.level, admitted.line);
        else if (event?.trace) traceLine(event.trace, message.level, admitted.line);
      }
      if (admitted.notice) this.#logger.warn(`the isolate sent more than its console budget: ${admitted.notice}`, this.#eventFields(message.event));
      return;
    }
    if (message.t === 'ready' || message.t === 'load-error') return;
    if (message.t === 'call') {
      void this.#answerCall(message.id, message.binding, message.method, message.args, message.event);
      return;
    }
    if (isSocketMessage(message)) {
      this.#sockets.receive(message);
      return;
    }
    if (isTcpMessage(message)) {
      this.#tcp.receive(message);
      return;
    }
    if (isRpcIsolateMessage(message)) {
      this.#rpc.receive(message);
      return;
    }
    switch (message.t) {
      case 'object-lease-ended': this.#settleLeaseEnd(message.seq, message.unused); return;
      case 'object-local': this.#startLeased(message); return;
      case 'object-local-end': this.#endLeased(message); return;
      default: break;
    }
    const event = this.#events.get(message.id);
    if (!event) return;
    switch (message.t) {
      case 'head': {
        const resolve = event.resolveHead;
        if (!resolve && message.streaming) {
          // Nobody waits for this response any more (the wall-time limit answered first): stop its stream.
          this.#post({ t: 'abort', id: event.id, reason: 'the response is no longer wanted' });
          break;
        }
        let body: DispatchResponse['body'] = message.body;
        if (message.streaming) {
          event.stream = new ResponseStream({
            onDrained: (read) => this.#post({ t: 'res-credit', id: event.id, read }),
            // The reader let go before the end (the client went away or stopped reading): the event must end
            // whether or not the application asked for request.signal, or its stream and window stay forever.
            onCancel: () => {
              if (!this.#events.has(event.id)) return;
              if (event.trace) event.trace.canceled = true;
              this.#post({ t: 'abort', id: event.id, reason: 'the client disconnected' });
            },
          });
          if (message.body) event.stream.push(typeof message.body === 'string' ? Buffer.from(message.body) : message.body);
          body = event.stream;
        }
        event.resolveHead = undefined;
        event.rejectHead = undefined;
        if (event.trace && resolve) event.trace.status = message.status;
        const response: DispatchResponse = { status: message.status, statusText: message.statusText, headers: message.headers, body };
        if (message.webSocket !== undefined) response.webSocket = this.#sockets.target(message.webSocket);
        // The socket of a coordination object the application returned (return stub.fetch(request)).
        else if (message.webSocketHandoff !== undefined) response.webSocket = claimSocket(message.webSocketHandoff);
        // A socket answered after the wall-time limit has nobody to join: the application sees it close.
        if (!resolve) response.webSocket?.refuse('the response is no longer wanted');
        resolve?.(response);
        if (!message.streaming) event.answeredAt = Date.now();
        if (message.done) this.#finish(event.id);
        break;
      }
      case 'scheduled-result': {
        const resolve = event.resolveHead as unknown as ((outcome: ScheduledOutcome) => void) | undefined;
        event.resolveHead = undefined;
        event.rejectHead = undefined;
        if (message.outcome === 'exception') this.#logger.error(`Uncaught exception in scheduled: ${message.error?.stack ?? message.error?.message ?? ''}`);
        if (event.trace && message.error) event.trace.exception = message.error;
        const outcome: ScheduledOutcome = { outcome: message.outcome, noRetry: message.noRetry };
        if (message.error) outcome.error = message.error;
        resolve?.(outcome);
        break;
      }
      case 'queue-result': {
        const resolve = event.resolveHead as unknown as ((outcome: QueueOutcome) => void) | undefined;
        event.resolveHead = undefined;
        event.rejectHead = undefined;
        if (message.outcome === 'exception') this.#logger.error(`Uncaught exception in queue: ${message.error?.stack ?? message.error?.message ?? ''}`);
        if (event.trace && message.error) event.trace.exception = message.error;
        const outcome: QueueOutcome = { outcome: message.outcome, decisions: message.decisions };
        if (message.error) outcome.error = message.error;
        resolve?.(outcome);
        break;
      }
      case 'rpc-result': {
        const resolve = event.resolveHead as unknown as ((outcome: RpcOutcome) => void) | undefined;
        event.resolveHead = undefined;
        event.rejectHead = undefined;
        event.answeredAt = Date.now();
        if (event.trace && 'error' in message.outcome) event.trace.exception ??= message.exception ?? { name: message.outcome.error.name, message: message.outcome.error.message };
        else if (event.trace && 'value' in message.outcome && event.trace.kind === 'fetch') event.trace.status = encodedResponseStatus(message.outcome.value) ?? event.trace.status;
        resolve?.(message.outcome);
        break;
      }
      case 'workflow-result': {
        const resolve = event.resolveHead as unknown as ((outcome: WorkflowRunOutcome) => void) | undefined;
        event.resolveHead = undefined;
        event.rejectHead = undefined;
        // A run that errored is an exception of its event (the record's outcome, and the issues feature).
        if (event.trace && (message.result.outcome === 'errored' || message.result.outcome === 'no-class')) event.trace.exception ??= { name: message.result.error.name, message: message.result.error.message };
        resolve?.(message.result);
        break;
      }
      case 'object-result': {
        const resolve = event.resolveHead as unknown as ((outcome: ObjectOutcome) => void) | undefined;
        event.resolveHead = undefined;
        event.rejectHead = undefined;
        // A handler that threw is its record's exception (and an issue); an object's response status is its record's.
        if (event.trace && !message.outcome.ok) event.trace.exception ??= message.exception ?? { name: message.outcome.error.name, message: message.outcome.error.message };
        if (event.trace && message.outcome.ok) event.trace.status = message.outcome.response?.status ?? encodedResponseStatus(message.outcome.value) ?? event.trace.status;
        if (resolve) {
          // A socket the object returned joined to this isolate is offered to its caller under a token (websockets-handoff.ts).
          const outcome = offerIsolateSocket(message.outcome, (sid) => this.#sockets.target(sid));
          // Only the message says what writes the result carries (the host commits them before releasing it: coordination/directory.ts).
          delete outcome.writes;
          if (message.writes !== undefined) outcome.writes = message.writes;
          resolve(outcome);
        }
        // An event that left no ctx.waitUntil work ends with its result (one message fewer per call).
        if (message.done) this.#finish(event.id);
        break;
      }
      case 'res-chunk': {
        const stream = event.stream;
        if (!stream) break;
        if (stream.buffered - Math.max(stream.largest, message.chunk.byteLength) > RESPONSE_UNREAD_LIMIT_BYTES) {
          this.#logger.error(`the response body was cut off: the isolate sent ${Math.round(stream.buffered / 1_048_576)} MB its client has not read, past its stream credit (${RESPONSE_UNREAD_LIMIT_BYTES / 1_048_576} MB beyond its largest chunk)`, this.#eventFields(event.id));
          stream.abandon(new LedgeError('internal_error', 'the response body was sent past its credit'));
          this.#post({ t: 'abort', id: event.id, reason: 'the response body was sent past its credit' });
          break;
        }
        stream.push(message.chunk);
        break;
      }
      case 'res-end': event.stream?.end(); event.answeredAt = Date.now(); break;
      case 'res-error':
        event.answeredAt = Date.now();
        if (event.trace) event.trace.exception = message.error;
        this.#logger.error(`the response body stream failed: ${message.error.stack ?? message.error.message}`, this.#eventFields(event.id));
        event.stream?.fail(new LedgeError('internal_error', 'the response body stream failed'));
        break;
      case 'req-credit': {
        event.requestOutstanding = 0;
        const credit = event.requestCredit;
        event.requestCredit = undefined;
        credit?.();
        break;
      }
      case 'fail': {
        const detail = message.error.stack ?? `${message.error.name}: ${message.error.message}`;
        this.#logger.error(message.code === 'internal_error' ? `Uncaught exception in fetch: ${detail}` : detail, this.#eventFields(event.id));
        event.answeredAt = Date.now();
        if (event.trace) {
          event.trace.failure = message.code;
          event.trace.exception = message.error;
        }
        this.#settleHead(event, new LedgeError(message.code, this.#redact(message.error.message)));
        break;
      }
      case 'usage':
        if (event.trace) event.trace.subrequests = message.subrequests;
        break;
      case 'done':
        this.#finish(event.id);
        event.requestCredit?.();
        break;
    }
  }

  /** How many calls through bindings the most deeply nested work this isolate runs (an event, a call on its stubs) is nested in (0 with none). */
  #deepestEvent(): number {
    let deepest = this.#rpc.deepestInvoke;
    for (const event of this.#events.values()) if (event.depth !== undefined && event.depth > deepest) deepest = event.depth;
    return deepest;
  }

  /** The request id of a fetch event still running, as log fields (none for other events). */
  #eventFields(eventId: number | undefined): { request_id: string } | undefined {
    const requestId = eventId === undefined ? undefined : this.#events.get(eventId)?.requestId;
    return requestId === undefined ? undefined : { request_id: requestId };
  }

  async #answerCall(id: number, binding: string, method: string, args: readonly unknown[], eventId: number | undefined): Promise<void> {
    const service = this.#services[binding];
    try {
      if (!service) throw new BindingError('TypeError', `${binding} is not a binding of this deployment`);
      // The caller as the host knows it. How deep the call is nested is that of the event it names, which the isolate
      // writes; a call naming none (or one no longer running) counts from the deepest work the isolate runs: such calls
      // were depth 0, and a loop through service bindings whose calls named no event ran on until the isolate's memory
      // limit (test/service-loop-forgery.test.ts).
      const named = eventId === undefined ? undefined : this.#events.get(eventId);
      // The event named also counts its nesting calls in flight (bindings/protocol.ts enterNestedCall): naming the
      // outermost event on every hop kept a loop at depth 1, and each hop is in flight at once.
      const origin = { deployment: this.#name, depth: named ? named.depth ?? 0 : this.#deepestEvent(), endpoint: this.#rpc, ...(named ? { nested: named.nested ??= { inFlight: 0 } } : {}) };
      this.#post({ t: 'call-result', id, value: await service.call(method, args, origin) });
    } catch (err) {
      if (isBindingError(err)) {
        this.#post({ t: 'call-result', id, error: { name: err.kind, message: err.message, ...(err.causeMessage === undefined ? {} : { cause: err.causeMessage }) } });
        return;
      }
      // A call the kind's protocol refuses (bindings/host-protocol.ts) is the application's mistake, or its attempt: it learns why.
      if (isLedgeError(err) && err.code === 'binding_call_refused') {
        this.#post({ t: 'call-result', id, error: { name: 'TypeError', message: err.message } });
        return;
      }
      // A fault in Ledge or its storage: the application learns only that the call failed; the log has the detail.
      this.#logger.error(`binding ${binding}.${method} failed: ${(err as Error)?.stack ?? String(err)}`, this.#eventFields(eventId));
      this.#post({ t: 'call-result', id, error: { name: 'Error', message: `${binding}.${method}() failed inside the platform; the error was logged` } });
    }
  }

  #settleHead(event: PendingEvent, err: Error): void {
    const reject = event.rejectHead;
    event.resolveHead = undefined;
    event.rejectHead = undefined;
    reject?.(err);
  }

  #failAll(code: ErrorCode): void {
    const reason = FAILURE_TEXT[code] ?? 'the isolate stopped';
    const ended = [...this.#events.values(), ...this.#leased.values()];
    this.#events.clear();
    this.#leased.clear();
    this.#leasedLogBytes = 0;
    for (const event of ended) {
      this.#settleHead(event, new LedgeError(code, reason));
      event.stream?.fail(new LedgeError(code, reason));
      event.requestCredit?.();
      if (event.trace) {
        event.trace.failure ??= code;
        this.#report(event, event.trace);
      }
    }
  }
}

/** The trace of a call an isolate ran under its lease; its start by the isolate's clock, never later than now. */
function leasedTrace(call: LeasedCallTrace, isolateCreatedAt: number): EventTrace {
  const trace = startTrace('object', { trigger: `${call.namespace}/${call.objectId} ${call.method}()` });
  // The isolate's reading of the start, kept only between the isolate's own start and now: a forged -1e300 made a
  // record whose time no Date holds: queries never showed it, and the CLI's formatting throws on it.
  if (call.startedAt < trace.startedAt) trace.startedAt = Math.max(call.startedAt, isolateCreatedAt);
  return trace;
}

const FAILURE_TEXT: Partial<Record<ErrorCode, string>> = {
  exceeded_cpu: 'the deployment exceeded its CPU time limit',
  exceeded_memory: 'the deployment exceeded its memory limit',
  exceeded_wall_time: 'the deployment exceeded its wall-time limit',
  isolate_failed: 'the isolate stopped',
};

/**
 * The background events that produce an invocation record (docs/observability.md), with their kind and what
 * names their trigger. A coordination object's alarm is `alarm` and a call to it (fetch or RPC) is `object`, both
 * triggered by `<account>/<deployment>/<class>/<object id>` (an RPC call adds ` <method>()`; a fetch has its method and URL).
 */
function tracedEvent(posted: HostMessage): { kind: EventKind; trigger: string; method?: string; url?: string } | undefined {
  switch (posted.t) {
    case 'scheduled': return { kind: 'scheduled', trigger: posted.cron };
    case 'queue': return { kind: 'queue', trigger: posted.queue };
    case 'workflow': return { kind: 'workflow', trigger: `${posted.run.workflowName}/${posted.run.instanceId}` };
    case 'object': {
      const { event } = posted;
      // The namespace is `<account>/<deployment>/<class>` (bindings/coordination/ids.ts): the class is in it.
      const trigger = `${event.namespace}/${event.id}`;
      if (event.kind === 'alarm') return { kind: 'alarm', trigger };
      if (event.kind === 'rpc') return { kind: 'object', trigger: `${trigger} ${event.method}()` };
      if (event.kind === 'fetch') return { kind: 'object', trigger, ...encodedRequestLine(event.args[0]) };
      return { kind: 'object', trigger: `${trigger} ${event.kind}` };
    }
    case 'rpc-event': {
      // A call through a service binding: a fetch is the callee's request; a method call is an `rpc` event.
      const trigger = `${posted.caller} -> ${posted.entrypoint === null ? '' : `${posted.entrypoint}.`}${posted.method}()`;
      if (posted.method === 'fetch') return { kind: 'fetch', trigger, ...encodedRequestLine(posted.args[0]) };
      return { kind: 'rpc', trigger };
    }
    default: return undefined;
  }
}
