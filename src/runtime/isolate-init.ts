/**
 * The isolate's init, and the host's messages to it. A thread isolate gets its init as `workerData`. A
 * standby isolate is started ahead of need inside a sandbox (issue 13 item 8: a cold sandbox's first
 * response): it loads Ledge's isolate code and starts its import guard's loader thread before it knows the
 * application it will run, then waits for its init as the first message from its parent. The application
 * itself loads only after the init arrived, exactly as in a thread isolate.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareImportGuard } from './globals/import-guard.js';
import type { HostMessage, IsolateInit } from './protocol.js';

/** The first message a standby isolate receives: the isolate it becomes. */
export interface StandbyInit {
  t: 'standby-init';
  init: Omit<IsolateInit, 'heartbeat'>;
}

/** `workerData` of a standby isolate (the guard's fields, isolate-guard-protocol.ts, come beside it). */
export interface StandbyData {
  standby: true;
  heartbeat: SharedArrayBuffer;
}

const port = parentPort;
if (!port) throw new Error('the isolate must run in a worker thread');
const data = workerData as IsolateInit | (StandbyData & Partial<IsolateInit>);

/** Host messages that arrived before the isolate listened, kept in order; then the isolate's own listener. */
let early: HostMessage[][] | undefined;
let listener: ((messages: HostMessage[]) => void) | undefined;

async function standbyInit(heartbeat: SharedArrayBuffer): Promise<IsolateInit> {
  prepareImportGuard();
  // Node's fetch classes load on first use: here, rather than in the first request's time.
  void new Response('standby').arrayBuffer();
  void new Request('http://standby.invalid/', { method: 'POST', body: 'standby' }).arrayBuffer();
  early = [];
  return new Promise<IsolateInit>((resolve) => {
    // One listener for the isolate's whole life: no message can fall between two listeners.
    (port as NonNullable<typeof port>).on('message', (message: StandbyInit | HostMessage[]) => {
      if (!Array.isArray(message)) {
        if (message?.t === 'standby-init') resolve({ ...message.init, heartbeat });
        return;
      }
      if (listener) listener(message);
      else early?.push(message);
    });
  });
}

export const init: IsolateInit = 'standby' in data && data.standby === true ? await standbyInit(data.heartbeat) : data as IsolateInit;

/** Calls `receive` with each batch of host messages, starting with any that arrived before it was set. */
export function onHostMessages(receive: (messages: HostMessage[]) => void): void {
  if (early === undefined) {
    (port as NonNullable<typeof port>).on('message', receive);
    return;
  }
  listener = receive;
  for (const messages of early.splice(0)) receive(messages);
}
