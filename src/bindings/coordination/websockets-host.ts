/**
 * The hibernatable WebSockets of coordination objects, held by the host (docs/bindings/coordination.md,
 * WebSockets). A socket an instance accepted with `ctx.acceptWebSocket` lives here, with its tags and
 * attachment, apart from the instance and its isolate: the instance may be evicted, or its isolate replaced,
 * while the client stays connected. Each message becomes an event of the object (`webSocketMessage`), delivered
 * through the directory like any other, so it re-creates the instance when needed; a message equal to the
 * object's auto-response request is answered here without waking it. Everything an isolate sends is checked
 * (protocol schemas, and the directory's check that it holds the instance).
 */
import { Buffer } from 'node:buffer';
import type { RawData, WebSocket } from 'ws';
import type { Logger } from '../../platform/logger.js';
import { BindingError } from '../plugin.js';
import type { CallHandlers } from '../protocol.js';
import type { ObjectEvent, ObjectOutcome, ObjectOwner } from './protocol.js';
import { claimSocket, offerSocket, watchTarget, type SocketTarget } from './websockets-handoff.js';
import { MAX_OBJECT_SOCKET_MESSAGE_BYTES, MAX_SOCKETS_PER_OBJECT, type HeldSocketsState, type ObjectSocketEvent, type ObjectSocketProtocol } from './websockets-protocol.js';
import { closeSafely, toBuffer } from '../../http/ws-util.js';

/** Bytes of messages handed to an object and not yet handled, per socket, before the host stops reading it (as for any socket). */
const RECEIVE_WINDOW_BYTES = 1024 * 1024;
/** Bytes an instance may send to a socket whose client has not joined yet. */
const EARLY_BYTES = 16 * 1024 * 1024;
/**
 * Bytes all the objects of one hub (one account's directory) may send to sockets whose clients have not joined yet:
 * held in the platform's process until a client joins or JOIN_MS passes. Bounded per socket alone, an object
 * accepting sockets it never hands to a client and sending 16 MB to each took the platform's process about 155 MB
 * more per ten sockets, held for a minute, without end (red team).
 */
const EARLY_BYTES_PER_HUB = 64 * 1024 * 1024;
/**
 * What a socket whose client has not joined yet counts against EARLY_BYTES_PER_HUB besides what was sent to it: this
 * much for the socket itself, plus its tags and attachment (an object accepting thousands of sockets it never hands
 * to a client, each with ten 256-character tags and a 16 KB attachment, took the platform's process about 100 MB more
 * per 3,000, held a minute).
 */
const EARLY_SOCKET_BYTES = 512;
/** Bytes the object sent to one socket that its client has not taken; past this the client is too slow and is disconnected. */
const SEND_BUFFER_BYTES = 16 * 1024 * 1024;
/** How long an accepted socket may wait for its client before it is forgotten. */
const JOIN_MS = 60_000;

interface Held {
  socket: number;
  tags: string[];
  attachment: Uint8Array | null;
  autoResponseAt: number | null;
  ws: WebSocket | undefined;
  early: ({ data: string | Uint8Array } | { code: number; reason: string })[];
  earlyBytes: number;
  /** Bytes of messages delivered to the object and not yet handled. */
  pending: number;
  errored: boolean;
  joinTimer: NodeJS.Timeout | undefined;
}

type EventBase = Pick<ObjectEvent, 'namespace' | 'className' | 'id' | 'name' | 'sqlite'>;

interface ObjectSockets {
  base: EventBase;
  host: () => Promise<ObjectOwner>;
  sockets: Map<number, Held>;
  autoResponse: [string, string] | null;
  /** Sockets answered by the auto-response since the instance's last event. */
  changedTimes: Set<number>;
  /** Sockets joined to the instance's isolate (accept()): the instance stays while they are open. */
  plain: number;
}

/** Options of the hub: how to deliver an event (the directory), and what to tell it when a plain socket closes. */
export interface HubOptions {
  deliver(event: ObjectEvent, host: () => Promise<ObjectOwner>): Promise<ObjectOutcome>;
  onPlainEnd(key: string): void;
  logger: Logger;
}

/** The hibernatable sockets of one directory's objects. */
export class ObjectSocketHub {
  readonly #objects = new Map<string, ObjectSockets>();
  readonly #options: HubOptions;
  /** Bytes held for sockets whose clients have not joined yet, over every object (EARLY_BYTES_PER_HUB). */
  #earlyBytes = 0;

  constructor(options: HubOptions) {
    this.#options = options;
  }

  /**
   * Called as an event is placed: remembers how to reach the object, and returns the socket state the
   * event carries (everything when the instance is `fresh` to its isolate, otherwise what changed).
   */
  prepare(key: string, event: ObjectEvent, host: () => Promise<ObjectOwner>, fresh: boolean): HeldSocketsState | undefined {
    let object = this.#objects.get(key);
    if (!object) {
      if (event.kind === 'alarm' && !fresh) return undefined;
      object = { base: baseOf(event), host, sockets: new Map(), autoResponse: null, changedTimes: new Set(), plain: 0 };
      this.#objects.set(key, object);
    } else if (event.kind === 'fetch' || event.kind === 'rpc') {
      // The same object's calls name the same class and namespace; only the name may change (a stub from idFromString has none).
      const base = object.base;
      if (base.name !== event.name || base.className !== event.className || base.sqlite !== event.sqlite) object.base = baseOf(event);
      object.host = host;
    }
    if (fresh) {
      object.changedTimes.clear();
      if (object.sockets.size === 0 && object.autoResponse === null) return undefined;
      return {
        sockets: [...object.sockets.values()].map((h) => ({ socket: h.socket, tags: h.tags, attachment: h.attachment, autoResponseAt: h.autoResponseAt })),
        autoResponse: object.autoResponse,
      };
    }
    if (object.changedTimes.size === 0) return undefined;
    const times: [number, number][] = [];
    for (const socket of object.changedTimes) {
      const at = object.sockets.get(socket)?.autoResponseAt;
      if (at != null) times.push([socket, at]);
    }
    object.changedTimes.clear();
    return { autoResponseTimes: times };
  }

  /** The outcome of an event on its way to the caller: a socket in its response is offered under a token. */
  settle(key: string, outcome: ObjectOutcome): ObjectOutcome {
    if (!outcome.ok) return outcome;
    // The usual call: no socket in the answer, nothing to take out of it.
    if (!('plainSocket' in outcome) && outcome.response?.webSocket === undefined) return outcome;
    const { plainSocket, ...rest } = outcome;
    const ref = rest.response?.webSocket;
    if (!ref || !rest.response) return rest;
    const object = this.#objects.get(key);
    if ('token' in ref) {
      if (plainSocket && object) {
        // The instance must stay in memory while a socket joined to it is open.
        const target = claimSocket(ref.token);
        if (!target) return rest;
        object.plain++;
        const token = offerSocket(watchTarget(target, () => {
          object.plain--;
          this.#options.onPlainEnd(key);
        }));
        return { ...rest, response: { ...rest.response, webSocket: { token } } };
      }
      return rest;
    }
    if ('socket' in ref) {
      const held = object?.sockets.get(ref.socket);
      if (!object || !held || held.ws || held.joinTimer === undefined) return { ok: false, error: { name: 'TypeError', message: 'the WebSocket returned in the response was not accepted by this object (ctx.acceptWebSocket) or was already used' } };
      clearTimeout(held.joinTimer);
      held.joinTimer = undefined;
      return { ...rest, response: { ...rest.response, webSocket: { token: offerSocket(this.#target(object, held)) } } };
    }
    return rest;
  }

  /** Whether the object must stay in memory: a socket joined to its isolate is open. */
  keepsInstance(key: string): boolean {
    return (this.#objects.get(key)?.plain ?? 0) > 0;
  }

  /** The instance is gone from memory: forget the object unless sockets remain. */
  forget(key: string): void {
    const object = this.#objects.get(key);
    if (object && object.sockets.size === 0 && object.plain === 0 && object.autoResponse === null) this.#objects.delete(key);
  }

  /** Hibernatable sockets held now, over every object. */
  get size(): number {
    let n = 0;
    for (const object of this.#objects.values()) n += object.sockets.size;
    return n;
  }

  /** The platform stops: every held socket closes with 1001 (going away). */
  close(): void {
    for (const object of this.#objects.values()) {
      for (const held of object.sockets.values()) {
        clearTimeout(held.joinTimer);
        held.ws?.close(1001, 'the platform is stopping');
      }
      object.sockets.clear();
    }
    this.#objects.clear();
    this.#earlyBytes = 0;
  }

  /** The socket calls of an instance; `check` throws unless the calling isolate holds the object's live instance. */
  handlers(check: (namespace: string, id: string) => void): CallHandlers<ObjectSocketProtocol> {
    const find = (ns: string, id: string, socket: number): Held | undefined => {
      check(ns, id);
      return this.#objects.get(`${ns}\n${id}`)?.sockets.get(socket);
    };
    return {
      wsAccept: async ([ns, id, socket, tags]) => {
        check(ns, id);
        const object = this.#objects.get(`${ns}\n${id}`);
        if (!object) throw new BindingError('Error', 'acceptWebSocket() is only possible while the object handles an event');
        if (object.sockets.has(socket)) throw new BindingError('TypeError', `acceptWebSocket(): socket ${socket} is already held`);
        if (object.sockets.size >= MAX_SOCKETS_PER_OBJECT) throw new BindingError('Error', `acceptWebSocket(): an object may hold at most ${MAX_SOCKETS_PER_OBJECT} WebSockets`);
        const distinct = [...new Set(tags)];
        const cost = distinct.reduce((n, tag) => n + tag.length * 2, EARLY_SOCKET_BYTES);
        this.#spendEarly(cost, 'acceptWebSocket()');
        const held: Held = { socket, tags: distinct, attachment: null, autoResponseAt: null, ws: undefined, early: [], earlyBytes: cost, pending: 0, errored: false, joinTimer: undefined };
        held.joinTimer = setTimeout(() => {
          if (object.sockets.get(socket) === held && !held.ws) {
            object.sockets.delete(socket);
            this.#dropEarly(held);
          }
        }, JOIN_MS);
        held.joinTimer.unref();
        object.sockets.set(socket, held);
        return null;
      },
      wsSend: async ([ns, id, socket, data]) => {
        const held = find(ns, id, socket);
        if (!held) return null;
        if (held.ws) {
          if (held.ws.readyState !== 1) return null;
          if (held.ws.bufferedAmount > SEND_BUFFER_BYTES) {
            // The object cannot see a hibernatable socket's buffer: a client that stops reading is cut off, not buffered without end.
            this.#options.logger.warn(`a WebSocket of object ${id} was closed: its client left more than ${SEND_BUFFER_BYTES} bytes unread`);
            closeSafely(held.ws, 1011, 'the client did not read fast enough');
            return null;
          }
          held.ws.send(data, { binary: typeof data !== 'string' });
        } else {
          const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
          if (held.earlyBytes + bytes > EARLY_BYTES) throw new BindingError('Error', `send(): more than ${EARLY_BYTES} bytes wait for a client that has not connected yet`);
          this.#spendEarly(bytes, 'send()');
          held.earlyBytes += bytes;
          held.early.push({ data });
        }
        return null;
      },
      wsClose: async ([ns, id, socket, code, reason]) => {
        const held = find(ns, id, socket);
        if (!held) return null;
        if (held.ws) closeSafely(held.ws, code, reason);
        else held.early.push({ code, reason });
        return null;
      },
      wsAttach: async ([ns, id, socket, attachment]) => {
        const held = find(ns, id, socket);
        if (!held) return null;
        if (!held.ws) {
          // Held for a client that has not joined: counted as what waits for it.
          const more = (attachment?.byteLength ?? 0) - (held.attachment?.byteLength ?? 0);
          if (more > 0) this.#spendEarly(more, 'serializeAttachment()');
          else this.#earlyBytes += more;
          held.earlyBytes += more;
        }
        held.attachment = attachment;
        return null;
      },
      wsAutoResponse: async ([ns, id, pair]) => {
        check(ns, id);
        const object = this.#objects.get(`${ns}\n${id}`);
        if (object) object.autoResponse = pair;
        return null;
      },
    };
  }

  /** The upgrade target of a held socket: the client's connection joins it here, never an isolate. */
  #target(object: ObjectSockets, held: Held): SocketTarget {
    return {
      attach: (ws) => {
        if (object.sockets.get(held.socket) !== held) {
          ws.close(1011, 'the object no longer holds this socket');
          return;
        }
        this.#join(object, held, ws);
      },
      refuse: () => {
        if (object.sockets.get(held.socket) !== held) return;
        object.sockets.delete(held.socket);
        this.#dropEarly(held);
        this.#event(object, { kind: 'ws-close', socket: held.socket, code: 1006, reason: '', clean: false });
      },
    };
  }

  #join(object: ObjectSockets, held: Held, ws: WebSocket): void {
    held.ws = ws;
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      const bytes = toBuffer(raw);
      if (!isBinary && object.autoResponse && bytes.byteLength <= MAX_OBJECT_SOCKET_MESSAGE_BYTES && bytes.toString('utf8') === object.autoResponse[0]) {
        // Answered here: the object is not woken, it only finds the time in getWebSocketAutoResponseTimestamp().
        ws.send(object.autoResponse[1]);
        held.autoResponseAt = Date.now();
        object.changedTimes.add(held.socket);
        return;
      }
      const data = isBinary ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes.toString('utf8');
      held.pending += bytes.byteLength;
      if (held.pending >= RECEIVE_WINDOW_BYTES && !ws.isPaused) ws.pause();
      void this.#event(object, { kind: 'ws-message', socket: held.socket, data }).finally(() => {
        held.pending -= bytes.byteLength;
        if (ws.isPaused && held.pending < RECEIVE_WINDOW_BYTES) ws.resume();
      });
    });
    ws.on('error', (err: Error) => {
      if (held.errored) return;
      held.errored = true;
      void this.#event(object, { kind: 'ws-error', socket: held.socket, message: err.message });
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (object.sockets.get(held.socket) !== held) return;
      object.sockets.delete(held.socket);
      if (code === 1006 && !held.errored) {
        held.errored = true;
        void this.#event(object, { kind: 'ws-error', socket: held.socket, message: 'the WebSocket connection was lost' });
      }
      void this.#event(object, { kind: 'ws-close', socket: held.socket, code, reason: reason.toString('utf8'), clean: code !== 1006 });
    });
    for (const early of held.early) {
      if ('data' in early) ws.send(early.data, { binary: typeof early.data !== 'string' });
      else closeSafely(ws, early.code, early.reason);
    }
    this.#dropEarly(held);
  }

  /** Counts `bytes` more held for clients not joined yet, or refuses them past EARLY_BYTES_PER_HUB. */
  #spendEarly(bytes: number, what: string): void {
    if (this.#earlyBytes + bytes > EARLY_BYTES_PER_HUB) throw new BindingError('Error', `${what}: more than ${EARLY_BYTES_PER_HUB} bytes wait for clients that have not connected yet, over this account's objects`);
    this.#earlyBytes += bytes;
  }

  /** Forgets what waited for a socket's client (sent on join, or dropped with the socket). */
  #dropEarly(held: Held): void {
    this.#earlyBytes -= held.earlyBytes;
    held.early = [];
    held.earlyBytes = 0;
  }

  /** Delivers a socket event through the directory (so in order, one at a time, waking the object if needed). */
  async #event(object: ObjectSockets, body: ObjectSocketEvent): Promise<void> {
    try {
      let outcome: ObjectOutcome;
      try {
        outcome = await this.#options.deliver({ ...object.base, ...body }, object.host);
      } catch (err) {
        // The isolate stopped under the event (a new version replaced it, a limit, a crash): the next one gets it, once.
        this.#options.logger.debug(`${handlerName(body.kind)}() of object ${object.base.id} is delivered again: ${(err as Error).message}`);
        outcome = await this.#options.deliver({ ...object.base, ...body }, object.host);
      }
      if (!outcome.ok) this.#options.logger.warn(`${handlerName(body.kind)}() of object ${object.base.id} (${object.base.className}) threw: ${outcome.error.name}: ${outcome.error.message}`);
    } catch (err) {
      this.#options.logger.warn(`${handlerName(body.kind)}() of object ${object.base.id} (${object.base.className}) could not run: ${(err as Error).message}`);
    }
  }
}

function baseOf(event: ObjectEvent): EventBase {
  return { namespace: event.namespace, className: event.className, id: event.id, name: event.name, sqlite: event.sqlite };
}

function handlerName(kind: ObjectSocketEvent['kind']): string {
  return kind === 'ws-message' ? 'webSocketMessage' : kind === 'ws-close' ? 'webSocketClose' : 'webSocketError';
}


