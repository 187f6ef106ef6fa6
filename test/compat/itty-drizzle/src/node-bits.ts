// Node's modules as libraries written for Node use them (nodejs_compat).
import { Buffer } from 'node:buffer';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter, once } from 'node:events';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { format, inspect, promisify, types } from 'node:util';
import { env } from 'node:process';

const requestIds = new AsyncLocalStorage<string>();

export async function nodeReport(): Promise<Record<string, unknown>> {
  return requestIds.run('req-1', async () => {
    const bus = new EventEmitter();
    setTimeout(() => bus.emit('ready', 'yes'), 1);
    const [ready] = await once(bus, 'ready');
    const upper = new Transform({ transform(chunk, _enc, done) { done(null, Buffer.from(String(chunk).toUpperCase())); } });
    const parts: Buffer[] = [];
    await pipeline(Readable.from(['a', 'b', 'c']), upper, async function* (source) { for await (const c of source) parts.push(Buffer.from(c)); });
    const sleep = promisify((ms: number, cb: (err: null, v: string) => void) => setTimeout(() => cb(null, 'slept'), ms));
    const mac = createHmac('sha256', 'k').update('msg').digest();
    return {
      store: requestIds.getStore(),
      ready,
      streamed: Buffer.concat(parts).toString(),
      slept: await sleep(1),
      sha1: createHash('sha1').update('abc').digest('hex'),
      hmacEqual: timingSafeEqual(mac, createHmac('sha256', 'k').update('msg').digest()),
      random: randomBytes(8).length,
      b64url: Buffer.from('hi?>').toString('base64url'),
      formatted: format('%s=%d', 'n', 42),
      inspected: inspect({ a: [1, { b: 2 }] }),
      isPromise: types.isPromise(Promise.resolve()),
      origin: env.PUBLIC_ORIGIN ?? null,
    };
  });
}
