/**
 * Two connected in-memory WebSockets with the part of the `ws` library's socket that the host's joins use
 * (`on`/`once` of `message`, `close`, `error`; `send`, `close`, `terminate`, `readyState`, `bufferedAmount`,
 * `pause`, `resume`, `isPaused`): what one end sends, the other receives, in order, a turn later. The host uses
 * a pair where a socket held for a coordination object is joined to a worker's socket on the same host instead
 * of to a network connection (docs/bindings/coordination.md, WebSockets).
 */
import { Buffer } from 'node:buffer';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';

const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/** The close codes an endpoint may send, as `ws` checks them (RFC 6455 7.4). */
function isSendableCode(code: number): boolean {
  return Number.isInteger(code) && ((code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999));
}

class MemorySocket extends EventEmitter {
  readyState = OPEN;
  /** Bytes this end sent that its peer has not taken yet. */
  bufferedAmount = 0;
  peer!: MemorySocket;
  #paused = false;
  #inbox: (() => void)[] = [];
  #scheduled = false;

  get isPaused(): boolean { return this.#paused; }

  send(data: string | Uint8Array, options?: { binary?: boolean } | ((err?: Error) => void), callback?: (err?: Error) => void): void {
    const done = typeof options === 'function' ? options : callback;
    const binary = typeof options === 'object' && options.binary !== undefined ? options.binary : typeof data !== 'string';
    if (this.readyState !== OPEN) {
      done?.(new Error('WebSocket is not open'));
      return;
    }
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
    this.bufferedAmount += bytes.byteLength;
    this.peer.#enqueue(() => {
      this.bufferedAmount -= bytes.byteLength;
      if (this.peer.readyState !== CLOSED) this.peer.emit('message', bytes, binary);
      done?.();
    });
  }

  close(code?: number, reason?: string): void {
    if (code !== undefined && !isSendableCode(code)) throw new TypeError(`invalid WebSocket close code ${String(code)}`);
    const text = reason ?? '';
    if (Buffer.byteLength(text) > 123) throw new RangeError('the close reason must not be greater than 123 bytes');
    if (this.readyState !== OPEN) return;
    this.readyState = CLOSING;
    this.peer.#enqueue(() => this.peer.#closedByPeer(code ?? 1005, text));
  }

  terminate(): void {
    if (this.readyState === CLOSED) return;
    for (const end of [this, this.peer]) {
      if (end.readyState === CLOSED) continue;
      end.readyState = CLOSED;
      end.#inbox = [];
      setImmediate(() => end.emit('close', 1006, Buffer.alloc(0)));
    }
  }

  pause(): void { this.#paused = true; }

  resume(): void {
    this.#paused = false;
    this.#schedule();
  }

  /** The peer's close frame arrived: this end answers it and is closed; the peer is closed once the answer arrives. */
  #closedByPeer(code: number, reason: string): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.emit('close', code, Buffer.from(reason));
    const peer = this.peer;
    peer.#enqueue(() => {
      if (peer.readyState === CLOSED) return;
      peer.readyState = CLOSED;
      peer.emit('close', code, Buffer.from(reason));
    });
  }

  #enqueue(task: () => void): void {
    this.#inbox.push(task);
    this.#schedule();
  }

  #schedule(): void {
    if (this.#scheduled || this.#paused) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      while (!this.#paused && this.#inbox.length > 0) this.#inbox.shift()?.();
    });
  }
}

/** Two connected ends, typed as `ws` sockets for the joins that take them (they use only the part above). */
export function createMemorySocketPair(): [WebSocket, WebSocket] {
  const a = new MemorySocket();
  const b = new MemorySocket();
  a.peer = b;
  b.peer = a;
  return [a as unknown as WebSocket, b as unknown as WebSocket];
}
