import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RPC_MARK} from '../../runtime/rpc/codec.js';
import { decodeRpcValue, encodeRpcValue, type RpcImporter } from '../../runtime/rpc/codec.js';
import { idFromName, namespaceKey } from './ids.js';
import { DurableObjectId, DurableObjectNamespace } from './namespace.js';
import { setObjectValuesAccount } from './rpc-values.js';

const NS = 'acct/app/Room';
/** A namespace not bound in this process (no RPC session): a stub of it arriving here calls through its sender. */
const notCalled = (() => Promise.reject(new Error('not called'))) as never;
const unbound = new DurableObjectNamespace(notCalled, NS);

/** Encodes on a link whose exports are kept in `exports`. */
function encode(value: unknown, exports: object[] = []): unknown {
  return structuredClone(encodeRpcValue(value, { export: (v) => exports.push(v) }));
}

/** Decodes as a receiver whose stubs of the sender's exports call them directly; `dropped` collects released ones. */
function decode(value: unknown, exports: object[] = [], dropped: number[] = []): unknown {
  const importer: RpcImporter = {
    stub: (id) => new Proxy({}, { get: (_t, method) => typeof method === 'string' ? (...args: unknown[]) => (exports[id - 1] as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args) : undefined }),
    drop: (id) => { dropped.push(id); },
  };
  return decodeRpcValue(value, importer);
}

test('an id travels with its name and namespace, and arrives as an equal id', () => {
  setObjectValuesAccount('acct');
  const id = unbound.idFromName('a');
  const [back] = decode(encode([id])) as [DurableObjectId];
  assert.ok(back instanceof DurableObjectId);
  assert.equal(back.toString(), idFromName(namespaceKey(NS), 'a'));
  assert.equal(back.name, 'a');
  assert.ok(back.equals(id) && id.equals(back));
  assert.equal((unbound.get(back) as { id: unknown }).id, back, 'its own namespace accepts it');
  const other = new DurableObjectNamespace(notCalled, 'acct/app/Other');
  assert.throws(() => other.get(back), /Durable Object ID is not valid for this namespace\./);
});

test('altered and forged ids are refused with the reason', () => {
  setObjectValuesAccount('acct');
  const marker = encode(unbound.idFromName('a')) as { [RPC_MARK]: string; kind: string; data: Record<string, unknown> };
  const altered = (edit: (data: Record<string, unknown>) => void): unknown => {
    const copy = structuredClone(marker);
    edit(copy.data);
    return copy;
  };
  const refused = (value: unknown, why: string) => assert.throws(() => decode(value), (err: Error) => err instanceof TypeError && err.message === `a coordination object id arrived over RPC and was refused: ${why}`);
  refused(altered((d) => { d.id = `${d.id === '0' ? '1' : '0'}${String(d.id).slice(1)}`; }), 'Durable Object ID is not valid for this namespace.');
  refused(altered((d) => { d.id = 'zz'; }), 'Invalid Durable Object ID: must be 64 hex digits');
  refused(altered((d) => { d.name = 'b'; }), 'its name is not the name of its id');
  refused(altered((d) => { d.namespace = 'other/app/Room'; d.id = idFromName(namespaceKey('other/app/Room'), 'a'); }), 'it names a namespace of another account');
  refused(altered((d) => { d.namespace = 'flat'; }), 'it names no namespace');
  refused({ ...structuredClone(marker), data: null }, 'it carries no id');
  assert.throws(() => decode({ ...structuredClone(marker), kind: 'object-thing' }), /a kind this isolate does not know \(object-thing\)/);
});

test('a stub of a class the receiver does not bind calls through the forwarder its sender exported', async () => {
  setObjectValuesAccount('acct');
  const exports: object[] = [];
  const sent: unknown[][] = [];
  // The sender's stub, whose calls are recorded instead of reaching an object.
  const senderNs = new DurableObjectNamespace(((method: string, args: unknown[]) => { sent.push(args); return Promise.resolve({ ok: true, value: 3 }); }) as never, NS, {
    call: async (send, args) => { const outcome = await send(1, [...args]) as { value: unknown }; return outcome.value; },
  });
  const marker = encode(senderNs.getByName('a'), exports);
  assert.equal(exports.length, 1, 'a forwarder was exported with it');
  // This process has senderNs bound (it was made with an RPC session): the stub resolves to it and the forwarder is dropped.
  const dropped: number[] = [];
  const direct = decode(marker, exports, dropped) as Record<string, unknown>;
  assert.deepEqual(dropped, [1]);
  assert.equal((direct.id as DurableObjectId).name, 'a');

  // The forwarder refuses what is not an RPC method of an object.
  const forwarder = exports[0] as { call(method: unknown, args: unknown): Promise<unknown>; fetch(request: unknown): Promise<unknown> };
  for (const name of ['fetch', 'alarm', 'constructor', 'then', 'hasOwnProperty', '__defineGetter__']) assert.throws(() => forwarder.call(name, []), /does not implement the method/);
  assert.throws(() => forwarder.fetch('not a request'), /takes one Request/);
  assert.equal(await forwarder.call('add', [1]), 3);
  assert.equal(sent.length, 1);

  // A class this process does not bind: the stub's calls go to the sender's forwarder.
  const elsewhere = new DurableObjectNamespace(notCalled, 'acct/app/Elsewhere');
  const exported: object[] = [];
  const received = decode(encode(elsewhere.getByName('p'), exported), exported) as Record<string, unknown>;
  assert.equal((received.id as DurableObjectId).name, 'p');
  assert.equal(received.name, 'p');
  // The sender here has no RPC session, so its own stub's call fails: with the sender's error, which proves where it ran.
  await assert.rejects(() => (received.add as (n: number) => Promise<unknown>)(1), /work only inside a Ledge isolate/);
});

test('an id of a namespace of another account is refused; with no account known, only the MAC is checked', () => {
  setObjectValuesAccount('someone');
  assert.throws(() => decode(encode(unbound.idFromName('a'))), /it names a namespace of another account/);
  setObjectValuesAccount(undefined);
  assert.equal((decode(encode(unbound.idFromName('a'))) as DurableObjectId).name, 'a');
});
