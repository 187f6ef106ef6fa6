import type { Limits } from '../config/load.js';
import { LedgeError, type ErrorCode } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { BindingService } from '../bindings/plugin.js';
import { Isolate, type DispatchRequest, type DispatchResponse } from './isolate.js';
import type { QueueBatchEvent, QueueOutcome, ScheduledFiring, ScheduledOutcome } from './protocol.js';

/** One version of a deployment: its bundle and what its isolates are given. */
export interface DeploymentVersion {
  name: string;
  compatibilityDate: string;
  bundleFile: string;
  vars: Record<string, unknown>;
  limits: Limits;
  compatibilityFlags: readonly string[];
  /** Bindings in `env`: name and kind, with the host-side service of each. */
  bindings: readonly { name: string; kind: string; service: BindingService }[];
}

/** Options of a deployment runtime. */
export interface DeploymentRuntimeOptions {
  logger: Logger;
  /** How long ctx.waitUntil work may run after the response. @default 30000 */
  waitUntilMs?: number;
}

/** Wall-time floor of a scheduled event (cron work runs longer than a request). */
const SCHEDULED_WALL_MS = 15 * 60 * 1000;

const LIMIT_TEXT: Record<'exceeded_cpu' | 'exceeded_memory' | 'exceeded_wall_time', (l: Limits) => string> = {
  exceeded_cpu: (l) => `exceeded its CPU time limit (limits.cpu_ms = ${l.cpu_ms})`,
  exceeded_memory: (l) => `exceeded its memory limit (limits.memory_mb = ${l.memory_mb})`,
  exceeded_wall_time: (l) => `exceeded its wall-time limit (limits.wall_ms = ${l.wall_ms})`,
};

/**
 * Runs a deployment: one current isolate serving new events, older ones draining after a reload or a
 * wall-time overrun, and a watchdog enforcing the CPU and wall-time limits. An isolate that hits a limit is
 * replaced by a fresh one; the event is logged.
 */
export class DeploymentRuntime {
  #logger: Logger;
  #waitUntilMs: number;
  #version: DeploymentVersion | undefined;
  #current: Isolate | undefined;
  #draining = new Set<Isolate>();
  #watchdog: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: DeploymentRuntimeOptions) {
    this.#logger = options.logger;
    this.#waitUntilMs = options.waitUntilMs ?? 30_000;
  }

  /** The version serving new events. */
  get version(): DeploymentVersion | undefined { return this.#version; }

  /**
   * Starts an isolate for `version` and, once its module has loaded, sends new events to it; events already
   * running finish on the previous isolate. If the module fails to load, the previous version keeps serving.
   */
  async load(version: DeploymentVersion): Promise<void> {
    const isolate = this.#spawn(version);
    try {
      await isolate.ready;
    } catch (err) {
      void isolate.terminate('isolate_failed');
      throw err;
    }
    if (this.#closed) {
      void isolate.terminate('isolate_failed');
      return;
    }
    if (this.#current) this.#retire(this.#current);
    this.#current = isolate;
    this.#version = version;
    this.#startWatchdog(version.limits);
  }

  /** Runs one fetch event. Rejects with a LedgeError (code and status) when no response head could be produced. */
  async dispatch(request: DispatchRequest): Promise<DispatchResponse> {
    const version = this.#version;
    if (this.#closed || !version) throw new LedgeError('isolate_failed', 'the deployment is not running');
    if (!this.#current || this.#current.exited) this.#current = this.#spawn(version);
    const isolate = this.#current;
    if (!isolate.isReady) await isolate.ready;
    return isolate.dispatch(request);
  }

  /** Runs one scheduled event on the current isolate. Rejects with a LedgeError when a limit or a crash ends it. */
  async runScheduled(firing: ScheduledFiring): Promise<ScheduledOutcome> {
    return (await this.#readyIsolate()).runScheduled(firing);
  }

  /** Runs one queue batch on the current isolate. Rejects with a LedgeError when a limit or a crash ends it. */
  async runQueue(batch: QueueBatchEvent): Promise<QueueOutcome> {
    return (await this.#readyIsolate()).runQueue(batch);
  }

  async #readyIsolate(): Promise<Isolate> {
    const version = this.#version;
    if (this.#closed || !version) throw new LedgeError('isolate_failed', 'the deployment is not running');
    if (!this.#current || this.#current.exited) this.#current = this.#spawn(version);
    const isolate = this.#current;
    if (!isolate.isReady) await isolate.ready;
    return isolate;
  }

  /** Stops every isolate; running events fail. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#watchdog);
    const all = [...this.#draining, ...(this.#current ? [this.#current] : [])];
    this.#draining.clear();
    this.#current = undefined;
    await Promise.all(all.map((isolate) => isolate.terminate('isolate_failed')));
  }

  #spawn(version: DeploymentVersion): Isolate {
    const isolate = new Isolate({
      init: { bundlePath: version.bundleFile, name: version.name, compatibilityDate: version.compatibilityDate, vars: version.vars, bindings: version.bindings.map(({ name, kind }) => ({ name, kind })), subrequestLimit: version.limits.subrequests, requestSignal: version.compatibilityFlags.includes('enable_request_signal'), waitUntilMs: this.#waitUntilMs },
      memoryMb: version.limits.memory_mb,
      logger: this.#logger,
      services: Object.fromEntries(version.bindings.map((b) => [b.name, b.service])),
      onExit: (stopped, failure) => this.#onExit(stopped, failure, version),
    });
    return isolate;
  }

  #onExit(isolate: Isolate, failure: ErrorCode, version: DeploymentVersion): void {
    this.#draining.delete(isolate);
    if (failure === 'exceeded_memory') this.#limitHit('exceeded_memory', version.limits);
    if (isolate !== this.#current || this.#closed) return;
    // The current isolate died (a limit, or a crash): start its replacement now so the next event finds it warm.
    this.#current = this.#version === version ? this.#spawn(version) : undefined;
  }

  #retire(isolate: Isolate): void {
    if (isolate === this.#current) this.#current = undefined;
    if (isolate.inflight === 0) void isolate.terminate('isolate_failed');
    else this.#draining.add(isolate);
  }

  /** Logs a limit once per isolate, with the request ids of the requests it ended (each also gets its own 503 line). */
  #limitHit(code: 'exceeded_cpu' | 'exceeded_memory' | 'exceeded_wall_time', limits: Limits, requestIds: readonly string[] = []): void {
    this.#logger.error(`the deployment ${LIMIT_TEXT[code](limits)}; the isolate is replaced`, requestIds.length ? { code, request_id: requestIds.join(',') } : { code });
  }

  #startWatchdog(limits: Limits): void {
    clearInterval(this.#watchdog);
    const tickMs = Math.max(5, Math.min(100, Math.floor(limits.cpu_ms / 5)));
    this.#watchdog = setInterval(() => this.#tick(limits), tickMs);
    this.#watchdog.unref();
  }

  #tick(limits: Limits): void {
    const now = Date.now();
    for (const isolate of [...this.#draining, ...(this.#current ? [this.#current] : [])]) {
      if (isolate.exited) continue;
      if (this.#draining.has(isolate) && isolate.inflight === 0) {
        void isolate.terminate('isolate_failed');
        continue;
      }
      const sample = isolate.sampleCpu(now);
      let cpuExceeded = sample.events.size > 0 && sample.stalledMs > limits.cpu_ms;
      const overdue: number[] = [];
      let scheduledOverdue = false;
      for (const [id, event] of sample.events) {
        if (event.cpuMs > limits.cpu_ms) cpuExceeded = true;
        if (event.scheduled) {
          // Cron work may run up to 15 minutes; past its bound the isolate stops, so no retry runs beside it.
          if (now - event.startedAt > Math.max(limits.wall_ms, SCHEDULED_WALL_MS)) scheduledOverdue = true;
        } else if (!event.headSent && now - event.startedAt > limits.wall_ms) overdue.push(id);
      }
      if (scheduledOverdue) {
        this.#limitHit('exceeded_wall_time', limits);
        void isolate.terminate('exceeded_wall_time');
        continue;
      }
      if (cpuExceeded) {
        this.#limitHit('exceeded_cpu', limits, isolate.requestIds());
        void isolate.terminate('exceeded_cpu');
        continue;
      }
      if (overdue.length) {
        this.#limitHit('exceeded_wall_time', limits, isolate.requestIds(overdue));
        for (const id of overdue) isolate.abortEvent(id, 'exceeded_wall_time', 'the deployment exceeded its wall-time limit');
        this.#retire(isolate);
      }
    }
  }
}
