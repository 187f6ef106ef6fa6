import { CACHE_SERVICE } from '../bindings/cache/limits.js';
import { populatesProcessEnv } from './globals/process-env.js';
import { OBJECT_STORAGE_SERVICE } from '../bindings/coordination/protocol.js';
import type { Limits } from './limits.js';
import { LedgeError, type ErrorCode } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { BindingService, BoundBinding } from '../bindings/plugin.js';
import { workerLoadable } from './worker-module.js';
import { addUsage, type CpuUsage } from './cpu-meter.js';
import { Isolate, type DispatchRequest, type DispatchResponse, type IsolateSample, type RpcEventRequest } from './isolate.js';
import type { RpcOutcome } from './rpc/errors.js';
import { SERVICE_CALLER_HEADER } from './rpc/directory.js';
import type { IsolateSpawner } from './isolate-worker.js';
import type { EventObserver } from './event-trace.js';
import type { WorkflowRunEvent, WorkflowRunOutcome } from '../bindings/workflows/protocol.js';
import type { QueueBatchEvent, QueueOutcome, ScheduledFiring, ScheduledOutcome } from './protocol.js';

/** One version of a deployment: its bundle and what its isolates are given. */
export interface DeploymentVersion {
  /** Names the version in logs: its id under `ledge serve`, its reload number under `ledge dev`. */
  id: string;
  name: string;
  /** The account the deployment belongs to, when known (the isolate checks coordination-object values against it). */
  account?: string;
  compatibilityDate: string;
  bundleFile: string;
  vars: Record<string, unknown>;
  limits: Limits;
  compatibilityFlags: readonly string[];
  /** Bindings in `env`: name, kind and isolate module, with the host-side service of each. */
  bindings: readonly BoundBinding[];
  /** The host side of the Cache API (`caches`), backed by the account's cache store (docs/cache.md). */
  cache?: BindingService;
  /** The storage service of the coordination objects an isolate holds, answering that isolate only (bindings/coordination/directory.ts). */
  objectStorage?: (owner: Isolate) => BindingService;
  /** Told how each event of this version went (invocation logs and issues, src/observability). */
  observe?: EventObserver;
  /** Scrubs the deployment's secret values from what the platform logs of its code (console lines, exceptions), as its records are. */
  redact?: (text: string) => string;
}

/** Options of a deployment runtime. */
export interface DeploymentRuntimeOptions {
  logger: Logger;
  /** How long ctx.waitUntil work may run after the response. @default 30000 */
  waitUntilMs?: number;
  /** Starts each isolate's worker (a thread, or a thread in the account's sandbox process). @default a thread */
  spawn?: IsolateSpawner;
}

/** Wall-time floor of a scheduled event (cron work runs longer than a request). */
const SCHEDULED_WALL_MS = 15 * 60 * 1000;

/**
 * How long past its ctx.waitUntil bound an answered event may stay in flight before the host stops counting
 * it. The isolate's own timer normally ends it first; this bound holds even if application code tampers with
 * the timers it shares with the runtime.
 */
const WAIT_UNTIL_GRACE_MS = 1_000;

const LIMIT_TEXT: Record<'exceeded_cpu' | 'exceeded_memory' | 'exceeded_wall_time', (l: Limits) => string> = {
  exceeded_cpu: (l) => `exceeded its CPU time limit (limits.cpu_ms = ${l.cpu_ms})`,
  exceeded_memory: (l) => `exceeded its memory limit (limits.memory_mb = ${l.memory_mb})`,
  exceeded_wall_time: (l) => `exceeded its wall-time limit (limits.wall_ms = ${l.wall_ms})`,
};

/**
 * Runs a deployment: one current isolate serving new events, older ones draining after a reload or a
 * wall-time overrun, and a watchdog enforcing the CPU and wall-time limits and charging every busy
 * millisecond to the deployment. An isolate that hits a limit is replaced by a fresh one; the event is logged.
 */
export class DeploymentRuntime {
  #logger: Logger;
  #waitUntilMs: number;
  #spawnWorker: IsolateSpawner | undefined;
  #version: DeploymentVersion | undefined;
  #current: Isolate | undefined;
  /** Every isolate that has not exited yet, with the version it runs. */
  #live = new Map<Isolate, DeploymentVersion>();
  /** Isolates an event is waiting on while their module loads: never stopped as idle meanwhile. */
  #starting = new Map<Isolate, number>();
  /** CPU used by isolates that have exited. */
  #spent: CpuUsage = { cpuMs: 0, backgroundMs: 0 };
  #watchdog: NodeJS.Timeout | undefined;
  #closed = false;
  #retired: { done: Promise<void>; resolve: () => void } | undefined;

  constructor(options: DeploymentRuntimeOptions) {
    this.#logger = options.logger;
    this.#waitUntilMs = options.waitUntilMs ?? 30_000;
    this.#spawnWorker = options.spawn;
  }

  /** WebSockets open on this runtime's isolates. */
  get openSockets(): number {
    let open = 0;
    for (const isolate of this.#live.keys()) open += isolate.openSockets;
    return open;
  }

  /** The version serving new events. */
  get version(): DeploymentVersion | undefined { return this.#version; }

  /** CPU used by all of this runtime's isolates so far, with no event in flight or not (as of the last watchdog tick). */
  get cpu(): CpuUsage {
    let total = this.#spent;
    for (const isolate of this.#live.keys()) total = addUsage(total, isolate.cpu);
    return total;
  }

  /**
   * Starts an isolate for `version` and, once its module has loaded, sends new events to it; events already
   * running finish on the previous isolate. If the module fails to load, the previous version keeps serving.
   */
  async load(version: DeploymentVersion): Promise<void> {
    const isolate = this.#spawn(version);
    try {
      await this.#whenReady(isolate);
    } catch (err) {
      void isolate.terminate('isolate_failed');
      throw err;
    }
    if (this.#closed || this.#retired) {
      void isolate.terminate('isolate_failed');
      return;
    }
    const previous = this.#current;
    this.#current = isolate;
    this.#version = version;
    if (previous) this.#stopIfIdle(previous);
    this.#startWatchdog(version.limits);
  }

  /** Runs one fetch event. Rejects with a LedgeError (code and status) when no response head could be produced. */
  async dispatch(request: DispatchRequest): Promise<DispatchResponse> {
    // Only the platform says which deployment calls (service bindings): a request from outside never carries it.
    if (hasHeader(request.headers, SERVICE_CALLER_HEADER)) request = { ...request, headers: withoutHeader(request.headers, SERVICE_CALLER_HEADER) };
    const isolate = this.#current;
    if (isolate?.isReady && !isolate.exited && !isolate.stopping && !this.#closed) return isolate.dispatch(request);
    return (await this.#readyIsolate()).dispatch(request);
  }

  /** Runs one scheduled event on the current isolate. Rejects with a LedgeError when a limit or a crash ends it. */
  async runScheduled(firing: ScheduledFiring): Promise<ScheduledOutcome> {
    return (await this.#readyIsolate()).runScheduled(firing);
  }

  /** Runs one queue batch on the current isolate. Rejects with a LedgeError when a limit or a crash ends it. */
  async runQueue(batch: QueueBatchEvent): Promise<QueueOutcome> {
    return (await this.#readyIsolate()).runQueue(batch);
  }

  /** The isolate now serving new events (started if needed): coordination objects of this deployment live there. */
  objectHost(): Promise<Isolate> {
    return this.#readyIsolate();
  }

  /** Runs one call through a service binding on the current isolate (docs/bindings/services.md). Rejects with a LedgeError when a limit or a crash ends it. */
  async runRpc(call: RpcEventRequest): Promise<RpcOutcome> {
    return (await this.#readyIsolate()).runRpc(call);
  }

  /** Runs one workflow run on the current isolate. Rejects with a LedgeError when a limit or a crash ends it. */
  async runWorkflow(run: WorkflowRunEvent): Promise<WorkflowRunOutcome> {
    return (await this.#readyIsolate()).runWorkflow(run);
  }

  /**
   * The version stops being served: no isolate is started any more, and each running one stops as soon as
   * its events in flight finish (ctx.waitUntil work within its bound included; an event that raced the
   * change still runs). Resolves once every isolate has stopped.
   */
  retire(): Promise<void> {
    if (!this.#retired) {
      let resolve: () => void = () => undefined;
      const done = new Promise<void>((r) => { resolve = r; });
      this.#retired = { done, resolve };
    }
    for (const isolate of this.#live.keys()) this.#stopIfIdle(isolate);
    this.#settleRetirement();
    return this.#retired.done;
  }

  /** Stops every isolate; running events fail. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#watchdog);
    const all = [...this.#live.keys()];
    this.#current = undefined;
    await Promise.all(all.map((isolate) => isolate.terminate('isolate_failed')));
    this.#retired?.resolve();
  }

  async #readyIsolate(): Promise<Isolate> {
    const version = this.#version;
    if (this.#closed || !version) throw new LedgeError('isolate_failed', 'the deployment is not running');
    if (!this.#current || this.#current.exited || this.#current.stopping) {
      if (this.#retired) throw new LedgeError('isolate_failed', 'this version is no longer running');
      this.#current = this.#spawn(version);
    }
    const isolate = this.#current;
    await this.#whenReady(isolate);
    return isolate;
  }

  async #whenReady(isolate: Isolate): Promise<void> {
    if (isolate.isReady) return;
    this.#starting.set(isolate, (this.#starting.get(isolate) ?? 0) + 1);
    try {
      await isolate.ready;
    } finally {
      const waiting = (this.#starting.get(isolate) ?? 1) - 1;
      if (waiting > 0) this.#starting.set(isolate, waiting);
      else this.#starting.delete(isolate);
    }
  }

  #spawn(version: DeploymentVersion): Isolate {
    const isolate = new Isolate({
      init: { bundlePath: version.bundleFile, name: version.name, ...(version.account === undefined ? {} : { account: version.account }), compatibilityDate: version.compatibilityDate, vars: version.vars, bindings: version.bindings.map(({ name, kind, isolateModule, isolateOptions }) => ({ name, kind, module: workerLoadable(isolateModule), ...(isolateOptions ? { options: isolateOptions } : {}) })), subrequestLimit: version.limits.subrequests, requestSignal: version.compatibilityFlags.includes('enable_request_signal'), nodejsCompat: version.compatibilityFlags.includes('nodejs_compat'), nodejsAls: version.compatibilityFlags.includes('nodejs_als'), populateProcessEnv: populatesProcessEnv(version.compatibilityFlags, version.compatibilityDate), waitUntilMs: this.#waitUntilMs },
      memoryMb: version.limits.memory_mb,
      logger: this.#logger,
      // The cache service sits beside the bindings under a name no binding can have (CACHE_SERVICE).
      services: (isolate) => ({
        ...Object.fromEntries(version.bindings.map((b) => [b.name, b.service])),
        ...(version.cache ? { [CACHE_SERVICE]: version.cache } : {}),
        ...(version.objectStorage ? { [OBJECT_STORAGE_SERVICE]: version.objectStorage(isolate) } : {}),
      }),
      onExit: (stopped, failure, reclaimed) => this.#onExit(stopped, failure, version, reclaimed),
      spawn: this.#spawnWorker,
      observe: version.observe,
      ...(version.redact ? { redact: version.redact } : {}),
    });
    this.#live.set(isolate, version);
    return isolate;
  }

  #onExit(isolate: Isolate, failure: ErrorCode, version: DeploymentVersion, reclaimed: boolean): void {
    this.#live.delete(isolate);
    this.#spent = addUsage(this.#spent, isolate.cpu);
    if (failure === 'exceeded_memory') this.#limitHit('exceeded_memory', version);
    if (this.#retired || this.#closed) {
      this.#settleRetirement();
      return;
    }
    if (isolate !== this.#current) return;
    // The current isolate died (a limit, or a crash): start its replacement now so the next event finds it warm.
    // One the platform reclaimed (its sandbox evicted for the cap) starts again only with the next event.
    this.#current = this.#version === version && !reclaimed ? this.#spawn(version) : undefined;
  }

  /** An isolate no longer current (or of a retired version) stops once nothing runs or waits on it. */
  #stopIfIdle(isolate: Isolate): void {
    if (isolate.exited || isolate.stopping || (isolate === this.#current && !this.#retired)) return;
    if (isolate.inflight === 0 && !this.#starting.has(isolate)) void isolate.terminate('isolate_failed');
  }

  #settleRetirement(): void {
    if (!this.#retired || this.#live.size > 0) return;
    clearInterval(this.#watchdog);
    this.#retired.resolve();
  }

  /** Logs a limit once per isolate, with the request ids of the requests it ended (each also gets its own 503 line). */
  #limitHit(code: 'exceeded_cpu' | 'exceeded_memory' | 'exceeded_wall_time', version: DeploymentVersion, requestIds: readonly string[] = []): void {
    const fields = this.#fields(code, version);
    this.#logger.error(`the deployment ${LIMIT_TEXT[code](version.limits)}; the isolate is replaced`, requestIds.length ? { ...fields, request_id: requestIds.join(',') } : fields);
  }

  #fields(code: ErrorCode, version: DeploymentVersion): Record<string, unknown> {
    return { code, version: version.id, cpu_used_ms: Math.round(this.cpu.cpuMs) };
  }

  #startWatchdog(limits: Limits): void {
    clearInterval(this.#watchdog);
    const tickMs = Math.max(5, Math.min(100, Math.floor(limits.cpu_ms / 5)));
    this.#watchdog = setInterval(() => this.#tick(), tickMs);
    this.#watchdog.unref();
  }

  #tick(): void {
    const now = Date.now();
    for (const [isolate, version] of this.#live) {
      if (isolate.exited || isolate.stopping) continue;
      this.#stopIfIdle(isolate);
      if (isolate.stopping) continue;
      this.#enforce(isolate, version, isolate.sampleCpu(now), now);
    }
  }

  #enforce(isolate: Isolate, version: DeploymentVersion, sample: IsolateSample, now: number): void {
    const { limits } = version;
    let cpuExceeded = sample.events.size > 0 && sample.stalledMs > limits.cpu_ms;
    const overdue: number[] = [];
    const overstayed: number[] = [];
    let scheduledOverdue = false;
    for (const [id, event] of sample.events) {
      if (event.cpuMs > limits.cpu_ms) cpuExceeded = true;
      if (event.scheduled) {
        // Cron work may run up to 15 minutes; past its bound the isolate stops, so no retry runs beside it.
        if (now - event.startedAt > Math.max(limits.wall_ms, SCHEDULED_WALL_MS)) scheduledOverdue = true;
      } else if (!event.headSent && now - event.startedAt > limits.wall_ms) overdue.push(id);
      else if (event.answeredAt !== undefined && now - event.answeredAt > this.#waitUntilMs + WAIT_UNTIL_GRACE_MS) overstayed.push(id);
    }
    if (scheduledOverdue) {
      this.#limitHit('exceeded_wall_time', version);
      void isolate.terminate('exceeded_wall_time');
      return;
    }
    if (cpuExceeded) {
      this.#limitHit('exceeded_cpu', version, isolate.requestIds());
      void isolate.terminate('exceeded_cpu');
      return;
    }
    if (sample.events.size === 0 && (sample.backgroundDebtMs > limits.cpu_ms || sample.stalledMs > limits.cpu_ms)) {
      this.#stopInBackground(isolate, version, sample);
      return;
    }
    if (overdue.length) {
      this.#limitHit('exceeded_wall_time', version, isolate.requestIds(overdue));
      for (const id of overdue) isolate.abortEvent(id, 'exceeded_wall_time', 'the deployment exceeded its wall-time limit');
      if (isolate === this.#current) this.#current = undefined;
      this.#stopIfIdle(isolate);
    }
    for (const id of overstayed) {
      this.#logger.warn(`ctx.waitUntil() work was still counted ${this.#waitUntilMs / 1000} s after the response; it no longer keeps the event in flight`, { version: version.id });
      isolate.release(id);
    }
  }

  /**
   * An isolate with no event in flight kept running (timers, a loop started after a response): it is stopped.
   * No warm spare replaces it: a module that starts such a loop as it loads would only spin again at once.
   */
  #stopInBackground(isolate: Isolate, version: DeploymentVersion, sample: IsolateSample): void {
    const { cpu_ms: limit } = version.limits;
    const why = sample.stalledMs > limit
      ? `its event loop has not turned for ${Math.round(sample.stalledMs)} ms`
      : `it used ${Math.round(sample.backgroundDebtMs)} ms of CPU more than its idle time forgives`;
    const next = isolate === this.#current ? ' and the next event starts a fresh one' : '';
    if (isolate === this.#current) this.#current = undefined;
    this.#logger.error(`the deployment exceeded its CPU time limit with no event in flight (limits.cpu_ms = ${limit}): ${why}; the isolate is stopped${next}`, { ...this.#fields('exceeded_cpu', version), reason: 'background' });
    void isolate.terminate('exceeded_cpu');
  }
}

function hasHeader(headers: readonly string[], name: string): boolean {
  for (let i = 0; i < headers.length; i += 2) if ((headers[i] as string).toLowerCase() === name) return true;
  return false;
}

function withoutHeader(headers: readonly string[], name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) if ((headers[i] as string).toLowerCase() !== name) out.push(headers[i] as string, headers[i + 1] as string);
  return out;
}
