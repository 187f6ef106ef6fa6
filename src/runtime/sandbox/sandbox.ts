import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErrorCode } from '../../platform/errors.js';
import type { Logger } from '../../platform/logger.js';
import type { EgressSessions } from '../egress/gateway.js';
import type { IsolateWorker, IsolateWorkerSpec } from '../isolate-worker.js';
import { toSandboxRecord, type HostRecord } from './channel.js';
import { CHANNEL_STALL_MS, ChannelQueueWatch, describeOverrun, type ChannelOverrun } from './channel-bounds.js';
import { approxBytes, createFrameWriter, FrameError, FrameReader } from './frames.js';
import { BUNDLES_MOUNT, CHANNEL_MOUNT, runtimeModuleInside, sandboxCommand, type LaunchSpec } from './launcher.js';
import { killSandboxTree } from './kill-tree.js';
import { readTreeUsage, type TreeUsage } from './proc-stats.js';
import { IsolateGate } from './isolate-gate.js';
import { ProxyWorker } from './proxy-worker.js';

/** Why a sandbox stopped. */
export type StopReason = 'idle' | 'evicted' | 'exceeded_memory' | 'protocol' | 'unresponsive' | 'crashed' | 'closed';

/** How often the host reads a sandbox's memory and CPU from /proc. */
const MONITOR_MS = 100;
/** A sandbox whose last isolate stopped waits this long for another before it stops. */
const IDLE_GRACE_MS = 2_000;
/** An isolate whose heartbeat (bumped every 5 ms) stood still this long is busy in one turn. */
const BUSY_AFTER_MS = 1_000;
/** Lines a sandbox may print to stderr before the rest are dropped. */
const STDERR_LINES = 50;
/** The name of the isolates' socket in its directory. */
const SOCKET_NAME = 's';
/** Longest socket path the kernel takes (sun_path is 108 bytes on Linux, with its terminating zero). */
const MAX_SOCKET_PATH = 100;

/** Options of one sandbox process. */
export interface SandboxOptions {
  id: string;
  launch: Omit<LaunchSpec, 'bundlesDir' | 'channelDir'>;
  /** Directory of the sandbox's slot: its bundles live under it. Removed when the sandbox stops. */
  slotDir: string;
  logger: Logger;
  egress: EgressSessions;
  onStop(sandbox: Sandbox, reason: StopReason): void;
}

let nextWorkerId = 1;

/**
 * One sandbox process on the host side: the bubblewrap process, the channel to it, the isolates inside
 * (as ProxyWorkers), and the kernel's figures for its memory and CPU, read every 100 ms. An account past its
 * memory limit has its sandbox stopped: its isolates' events get 503 `exceeded_memory` and the next event
 * starts a fresh sandbox.
 */
export class Sandbox {
  readonly id: string;
  accountId: string | undefined;
  lastUsed = Date.now();
  #memoryLimitBytes = Infinity;
  #child: ChildProcess;
  #send: (record: HostRecord, size?: number) => void;
  #workers = new Map<number, ProxyWorker>();
  /** Binds each connection to the isolate whose token it presents, once (isolate-gate.ts). */
  #gate: IsolateGate<ProxyWorker>;
  /** The socket each isolate connects to (isolate-channel.ts), in a directory bound into this sandbox alone. */
  #server: Server;
  #channelDir: string;
  #mirrors = new Map<string, string>();
  #options: SandboxOptions;
  #logger: Logger;
  #bundlesDir: string;
  #usage: TreeUsage = { rssBytes: 0, cpuMs: 0, processes: 0 };
  #peakRssBytes = 0;
  #monitor: NodeJS.Timeout;
  #idleTimer: NodeJS.Timeout | undefined;
  #stopReason: StopReason | undefined;
  #exited: Promise<void>;
  /** When the sandbox last sent its isolates' figures (every 20 ms while its main thread runs). */
  #statsAt = 0;
  /** What the host holds queued toward the sandbox, bounded (channel-bounds.ts). */
  #queueWatch: ChannelQueueWatch;
  /** Its main script runs: bubblewrap's set-up is over, and the sandbox dies with its parent. */
  #running = false;
  /** Resolves once the sandbox said it is ready (its main script runs). */
  readonly started: Promise<void>;

  constructor(options: SandboxOptions) {
    this.id = options.id;
    this.#options = options;
    this.#logger = options.logger;
    this.#bundlesDir = path.join(options.slotDir, 'bundles');
    mkdirSync(this.#bundlesDir, { recursive: true });
    this.#channelDir = channelDirFor(options.slotDir);
    this.#gate = new IsolateGate<ProxyWorker>({ bind: (worker, socket, rest) => worker.attach(socket, rest), violation: (why) => this.#violation(why) });
    this.#server = createServer((socket) => this.#gate.accept(socket));
    this.#server.on('error', (err) => this.#logger.error(`sandbox ${this.id}: the isolates' socket failed: ${err.message}`));
    this.#server.listen(path.join(this.#channelDir, SOCKET_NAME));
    const { command, args } = sandboxCommand({ ...options.launch, bundlesDir: this.#bundlesDir, channelDir: this.#channelDir });
    // fd 3 is the channel; the environment is empty (bwrap also clears it inside).
    this.#child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], env: {}, detached: false });
    const channel = this.#child.stdio[3] as Socket;
    // What waits toward the sandbox as a whole: on its channel and on each of its isolates' connections.
    this.#queueWatch = new ChannelQueueWatch(() => {
      let queued = channel.writableLength;
      for (const worker of this.#workers.values()) queued += worker.queuedBytes;
      return queued;
    }, {
      waiting: () => {
        let queued = channel.writableLength;
        const now = Date.now();
        // While the sandbox reports (its main thread runs), an isolate whose heartbeat stands still is busy in one
        // long turn: its connection is not read until the turn ends, which its CPU limit bounds; what waits for it
        // does not make the whole sandbox a stalled one (the 256 MiB bound still counts it). A sandbox that
        // stopped reporting counts everything.
        const reporting = now - this.#statsAt < BUSY_AFTER_MS;
        for (const worker of this.#workers.values()) if (!reporting || now - worker.heartbeatAt < BUSY_AFTER_MS) queued += worker.queuedBytes;
        return queued;
      },
    });
    // Isolates post batches already gathered over a turn (batch-port.ts): written at once, not a turn later.
    const writer = createFrameWriter<HostRecord>((frame) => {
      if (channel.destroyed || this.stopped) return;
      channel.write(frame);
      this.#wrote(frame.byteLength);
    }, { soon: 'microtask' });
    this.#send = writer.send;
    let ready: () => void = () => undefined;
    this.started = new Promise<void>((resolve) => { ready = () => { this.#running = true; resolve(); }; });
    const reader = new FrameReader();
    channel.on('data', (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) {
          if (!Array.isArray(frame)) throw new FrameError('a frame is not a list of records');
          for (const value of frame) this.#receive(value, ready);
        }
      } catch (err) {
        this.#violation(err instanceof FrameError ? err.message : `a record could not be handled: ${(err as Error).message}`);
      }
    });
    channel.on('error', () => undefined);
    this.#watchStderr();
    this.#exited = new Promise<void>((resolve) => this.#child.once('exit', (code, signal) => { this.#onExit(code, signal); resolve(); }));
    this.#child.once('error', (err) => this.#logger.error(`sandbox ${this.id} could not start: ${err.message}`));
    this.#monitor = setInterval(() => this.#measure(), MONITOR_MS);
    this.#monitor.unref();
  }

  /** The kernel's latest figures for the whole sandbox, with the highest resident memory seen. */
  get usage(): TreeUsage & { peakRssBytes: number } { return { ...this.#usage, peakRssBytes: this.#peakRssBytes }; }

  /** Where, on the host, the socket its isolates connect to is (isolate-channel.ts). */
  get channelPath(): string { return path.join(this.#channelDir, SOCKET_NAME); }

  /** The host pid of the bubblewrap process. */
  get pid(): number | undefined { return this.#child.pid; }

  /** Isolates running in it. */
  get isolates(): number { return this.#workers.size; }

  get stopped(): boolean { return this.#stopReason !== undefined; }

  /** Hands the sandbox to an account, with the account's memory limit. */
  assign(accountId: string, memoryMb: number): void {
    this.accountId = accountId;
    this.#memoryLimitBytes = memoryMb * 1024 * 1024;
  }

  /** Starts an isolate inside; its bundle is copied into the sandbox's view first. */
  spawnWorker(spec: IsolateWorkerSpec): IsolateWorker {
    this.lastUsed = Date.now();
    clearTimeout(this.#idleTimer);
    // Binding kinds' isolate halves are Ledge's runtime files: the sandbox imports them from its read-only view.
    const bindings = spec.init.bindings.map((b) => ({ ...b, module: runtimeModuleInside(this.#options.launch.runtime, b.module) }));
    const id = nextWorkerId++;
    const session = this.#options.egress.open({ name: spec.init.name, subrequestLimit: spec.init.subrequestLimit, send: (m) => this.#send(['egress', id, m], approxBytes(m, 0)) });
    const touch = () => { this.lastUsed = Date.now(); };
    const worker = new ProxyWorker(id, {
      send: (record, size) => { touch(); this.#send(record, size); },
      wrote: (bytes) => this.#wrote(bytes),
      violation: (why) => this.#violation(why),
      touch,
    }, session);
    this.#workers.set(id, worker);
    const token = this.#gate.issue(worker);
    worker.onExit(() => {
      this.#gate.revoke(token);
      this.#workers.delete(id);
      if (this.#workers.size === 0 && !this.stopped) this.#idleTimer = setTimeout(() => void this.stop('idle'), IDLE_GRACE_MS).unref();
    });
    if (this.stopped) {
      queueMicrotask(() => worker.exit(undefined, 'isolate_failed'));
      return worker;
    }
    const bundlePath = this.#mirror(spec.init.bundlePath);
    this.#send(['spawn', id, { init: { ...spec.init, bundlePath, bindings }, memoryMb: spec.memoryMb, channel: { path: `${CHANNEL_MOUNT}/${SOCKET_NAME}`, token } }]);
    return worker;
  }

  /** Stops the process (SIGKILL: nothing inside is trusted to stop by itself); every isolate inside exits. */
  async stop(reason: StopReason): Promise<void> {
    if (this.#stopReason === undefined) {
      this.#stopReason = reason;
      if (this.#running) this.#child.kill('SIGKILL');
      else killSandboxTree(this.#child);
    }
    await this.#exited;
  }

  #receive(value: unknown, ready: () => void): void {
    const record = toSandboxRecord(value);
    if (!record) throw new FrameError('a record of an unknown shape');
    if (record[0] === 'ready') { ready(); return; }
    if (record[0] === 'stats') {
      this.#statsAt = Date.now();
      for (const [id, active, beat] of record[1]) this.#workers.get(id)?.stats(active, beat, this.#statsAt);
      return;
    }
    // A sandbox reaches only the isolates the host started in it: an id of another sandbox's isolate finds nothing.
    const worker = this.#workers.get(record[1]);
    if (!worker) return;
    this.lastUsed = Date.now();
    switch (record[0]) {
      case 'egress': worker.egress(record[2]); break;
      case 'error': worker.error(record[2]); break;
      case 'exit': worker.exit(record[2]); break;
    }
  }

  /** `bytes` were written toward the sandbox (its channel or an isolate's connection): stopped if what waits is past its bound. */
  #wrote(bytes: number): void {
    const overrun = this.#queueWatch.wrote(bytes);
    if (overrun) this.#unresponsive(overrun);
  }

  #violation(why: string): void {
    if (this.stopped) return;
    this.#logger.error(`sandbox ${this.id} of account ${this.accountId ?? '(none)'} broke the channel protocol (${why}); it is stopped`);
    void this.stop('protocol');
  }

  /** The sandbox does not read what the host sends it: stopped before the host's memory pays for it. */
  #unresponsive(overrun: ChannelOverrun): void {
    if (this.stopped) return;
    this.#logger.error(`sandbox ${this.id} of account ${this.accountId ?? '(none)'} does not read its channel (${describeOverrun(overrun)}); it is stopped and its events answered 503`, { account: this.accountId });
    void this.stop('unresponsive');
  }

  #measure(): void {
    const pid = this.#child.pid;
    if (pid === undefined || this.stopped) return;
    // Only once its main script runs: before, bubblewrap and Node are still starting and nothing reads yet.
    const stalled = this.#running ? this.#queueWatch.check() : null;
    if (stalled) {
      this.#unresponsive(stalled);
      return;
    }
    const unfinished = this.#unfinishedFrame();
    if (unfinished) {
      this.#violation(unfinished);
      return;
    }
    this.#usage = readTreeUsage(pid);
    this.#peakRssBytes = Math.max(this.#peakRssBytes, this.#usage.rssBytes);
    if (this.#usage.rssBytes > this.#memoryLimitBytes) {
      this.#logger.error(`the sandbox of account ${this.accountId ?? '(none)'} uses ${mb(this.#usage.rssBytes)} MB, past the account's memory limit of ${mb(this.#memoryLimitBytes)} MB; it is stopped and its events answered 503`, { code: 'exceeded_memory', account: this.accountId });
      void this.stop('exceeded_memory');
    }
  }

  /**
   * Why an isolate's connection broke the rules by leaving a frame unfinished: nothing more of it came for
   * CHANNEL_STALL_MS while the isolate's event loop turned (a busy isolate finishes its frame when its turn ends,
   * which its CPU limit bounds), or while the sandbox stopped reporting. Else null.
   */
  #unfinishedFrame(): string | null {
    const now = Date.now();
    const reporting = now - this.#statsAt < BUSY_AFTER_MS;
    for (const worker of this.#workers.values()) {
      const since = worker.unfinishedSince;
      if (since === undefined || now - since < CHANNEL_STALL_MS) continue;
      if (reporting && now - worker.heartbeatAt >= BUSY_AFTER_MS) continue;
      return `isolate ${worker.id} left a frame unfinished for ${Math.round((now - since) / 1000)} s while its event loop ran`;
    }
    return null;
  }

  #onExit(code: number | null, signal: NodeJS.Signals | null): void {
    // Whatever still holds the other ends must not keep the host's event loop waiting on them.
    for (const stream of this.#child.stdio) stream?.destroy();
    this.#server.close();
    this.#gate.close();
    clearInterval(this.#monitor);
    clearTimeout(this.#idleTimer);
    const reason = this.#stopReason ?? 'crashed';
    this.#stopReason = reason;
    const failure: ErrorCode = reason === 'exceeded_memory' ? 'exceeded_memory' : 'isolate_failed';
    for (const worker of [...this.#workers.values()]) worker.exit(undefined, failure, reason === 'evicted');
    this.#workers.clear();
    const how = reason === 'crashed' ? `crashed (${signal ?? `exit code ${code}`})` : `stopped (${reason})`;
    const log = reason === 'crashed' || reason === 'protocol' || reason === 'unresponsive' ? this.#logger.error : this.#logger.info;
    log(`sandbox ${this.id} of account ${this.accountId ?? '(none)'} ${how}; it used ${Math.round(this.#usage.cpuMs)} ms of CPU, at most ${mb(this.#peakRssBytes)} MB of memory`, { account: this.accountId, cpu_used_ms: Math.round(this.#usage.cpuMs), peak_rss_mb: mb(this.#peakRssBytes) });
    rmSync(this.#options.slotDir, { recursive: true, force: true });
    rmSync(this.#channelDir, { recursive: true, force: true });
    this.#options.onStop(this, reason);
  }

  /** Copies the directory of a bundle into the sandbox's view (new or changed files only); returns the bundle's path inside. */
  #mirror(hostPath: string): string {
    const dir = path.dirname(hostPath);
    let name = this.#mirrors.get(dir);
    if (name === undefined) this.#mirrors.set(dir, (name = `b${this.#mirrors.size + 1}`));
    const target = path.join(this.#bundlesDir, name);
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const from = path.join(dir, entry.name);
      const to = path.join(target, entry.name);
      const source = statSync(from);
      const copy = existsSync(to) ? statSync(to) : undefined;
      if (copy && copy.size === source.size && copy.mtimeMs >= source.mtimeMs) continue;
      copyFileSync(from, to);
    }
    // The bundles are ES modules whatever their extension.
    if (!existsSync(path.join(target, 'package.json'))) writeFileSync(path.join(target, 'package.json'), '{"type":"module"}\n');
    return `${BUNDLES_MOUNT}/${name}/${path.basename(hostPath)}`;
  }

  #watchStderr(): void {
    let lines = 0;
    let partial = '';
    this.#child.stderr?.setEncoding('utf8');
    this.#child.stderr?.on('data', (text: string) => {
      const parts = (partial + text).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        if (!line.trim() || lines >= STDERR_LINES) continue;
        if (++lines === STDERR_LINES) this.#logger.warn(`sandbox ${this.id}: further output dropped`);
        else this.#logger.warn(`sandbox ${this.id} of account ${this.accountId ?? '(none)'}: ${line.slice(0, 2000)}`);
      }
    });
  }
}

/**
 * The directory of a sandbox's socket: in its slot when the path fits a Unix socket's, else a private
 * temporary directory (mode 0700). It holds the socket alone and is bound read-only into that sandbox only.
 */
function channelDirFor(slotDir: string): string {
  const inSlot = path.join(slotDir, 'channel');
  if (Buffer.byteLength(path.join(inSlot, SOCKET_NAME)) <= MAX_SOCKET_PATH) {
    mkdirSync(inSlot, { recursive: true, mode: 0o700 });
    return inSlot;
  }
  return mkdtempSync(path.join(tmpdir(), 'ledge-channel-'));
}

function mb(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

