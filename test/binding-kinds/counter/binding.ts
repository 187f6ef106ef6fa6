import type { BindingCall } from '../../../src/bindings/protocol.js';
import type { CounterProtocol } from './protocol.js';

/** The object code finds in `env`: a named counter. */
export class Counter {
  readonly #call: BindingCall<CounterProtocol>;

  constructor(call: BindingCall<CounterProtocol>) {
    this.#call = call;
  }

  add(by = 1): Promise<number> {
    if (!Number.isInteger(by)) throw new TypeError('add() takes an integer');
    return this.#call('add', [by]);
  }

  read(): Promise<number> {
    return this.#call('read', []);
  }
}
