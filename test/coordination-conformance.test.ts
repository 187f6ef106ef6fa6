// Coordination objects checked against reference/data-work.md §4 fact by fact, through a real `ledge dev` isolate:
// the storage API's limits per backend (a SQLite-backed class takes values up to 2 MB, through the asynchronous and
// the synchronous API alike; a KV-backed one 128 KiB), put(entries) leaving out undefined values, the original's
// texts, transaction() (its list sees its own writes, its limits, its use after rollback or commit, and it holds
// the input gate), abort()'s default reason, and jurisdictions on ids (docs/bindings/coordination.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject, tempDir } from './helpers.js';
import { CONFORMANCE_APP, CONFORMANCE_CONFIG } from './coordination-conformance-app.js';

test('coordination objects match the reference: storage limits and texts, transactions, abort, jurisdictions', { timeout: 180_000 }, async () => {
  const server = await startProject(makeProject({ 'src/index.js': CONFORMANCE_APP }, CONFORMANCE_CONFIG), { stateDir: tempDir() });
  const get = async (path: string) => {
    const res = await server.request(new Request(`http://x${path}`));
    const text = await res.text();
    assert.equal(res.status, 200, `${path}: ${text}\n${server.logText()}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  try {
    const sqlite = await get('/values');
    assert.deepEqual(sqlite['big'], { value: 200_000 }, 'a SQLite-backed class stores a value of about 200 KB (its limit is 2 MB)');
    assert.deepEqual(sqlite['tooBig'], { error: 'RangeError: Values cannot be larger than 2000000 bytes. A value of size 2100007 was provided.' });
    assert.deepEqual(sqlite['entriesUndefined'], { value: [['a', 1], ['b', 2]] }, 'put(entries) leaves out an undefined value');
    assert.deepEqual(sqlite['oneUndefined'], { error: 'TypeError: put() called with undefined value.' });
    assert.deepEqual(sqlite['entriesAndValue'], { error: 'TypeError: put() may only be called with a single key-value pair and optional options as put(key, value, options) or with multiple key-value pairs and optional options as put(entries, options)' });
    assert.deepEqual(sqlite['startAndStartAfter'], { error: 'TypeError: list() cannot be called with both start and startAfter values.' });
    assert.deepEqual(sqlite['zeroLimit'], { error: 'TypeError: List limit must be positive.' });
    assert.deepEqual(sqlite['halfLimit'], { error: 'TypeError: List limit must be positive.' }, 'a limit is taken as an integer');
    assert.deepEqual(sqlite['fractionLimit'], { value: 1 });
    assert.deepEqual([sqlite['deleteOne'], sqlite['deleteMany']], [{ value: true }, { value: 1 }]);

    const legacy = await get('/values?class=legacy&name=legacy');
    assert.deepEqual(legacy['big'], { error: 'RangeError: Values cannot be larger than 131072 bytes. A value of size 200006 was provided.' }, 'a KV-backed class keeps 128 KiB');
    assert.deepEqual(legacy['entriesUndefined'], { value: [['a', 1], ['b', 2]] });

    const kv = await get('/sync-kv');
    assert.deepEqual(kv['big'], { value: 200_000 }, 'ctx.storage.kv takes what the asynchronous API takes');
    assert.deepEqual(kv['tooBig'], { error: 'RangeError: Values cannot be larger than 2000000 bytes. A value of size 2100007 was provided.' });
    assert.deepEqual(kv['halfLimit'], { error: 'TypeError: List limit must be positive.' });
    assert.deepEqual(kv['fractionLimit'], { value: 1 });
    assert.deepEqual(kv['startAndStartAfter'], { error: 'TypeError: list() cannot be called with both start and startAfter values.' });

    for (const backend of ['sqlite', 'legacy']) {
      const t = await get(`/transactions?class=${backend}&name=txn`);
      assert.deepEqual(t['listSeesOwnWrites'], {
        all: [['t-a', 11], ['t-b', 2], ['t-bb', 22]],
        reversed: [['t-bb', 22], ['t-b', 2]],
        ranged: [['t-b', 2], ['t-bb', 22]],
        afterA: [['t-b', 2]],
      }, `${backend}: a transaction's list() sees its own puts and deletes, within the range, order and limit`);
      assert.deepEqual(t['committed'], [['t-a', 11], ['t-b', 2], ['t-bb', 22]]);
      assert.match((t['bigValue'] as { error: string }).error, /^RangeError: Values cannot be larger than (2000000|131072) bytes\./, 'txn.put() is held to the value limit when called');
      assert.deepEqual(t['manyKeys'], { error: 'RangeError: Maximum of 128 keys may be passed in a single call.' });
      assert.deepEqual(t['deleteAll'], { error: 'Error: Cannot call deleteAll() within a transaction' });
      assert.deepEqual(t['afterRollback'], { error: 'Error: Cannot get() on rolled back transaction' });
      assert.deepEqual(t['afterCommit'], { error: 'Error: Cannot call get() on transaction that has already committed: did you move `txn` outside of the closure?' });
      assert.equal(t['rolledBackLeftNothing'], true);
    }

    // The transaction reads, waits 1 s, then writes; a call made meanwhile waits for it instead of reading the same value.
    const gate = await get('/gate?name=gate');
    assert.deepEqual([gate['slow'], gate['bumped']].sort(), [1, 2], 'no increment is lost: the transaction held the input gate');
    assert.equal(gate['final'], 3);

    assert.deepEqual((await get('/abort?name=abort')).first, { error: 'Error: Application called abort() to reset Durable Object.' });
    assert.deepEqual((await get('/abort?name=abort2&reason=stop')).first, { error: 'Error: stop' });
    const aborted = await get('/abort-write?name=abort3');
    assert.deepEqual(aborted['first'], { error: 'Error: stop here' }, 'the code after abort() does not run on');
    assert.ok(!(aborted['keys'] as string[]).includes('after-abort'), 'nothing written after abort() is kept');
    // abort() from a timer after the call answered (the Agents SDK's destroy()): the object is reset, nothing is logged as uncaught.
    assert.deepEqual(await get('/abort-later?name=abort4'), { first: { value: 'answered' }, second: 'answered' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.doesNotMatch(server.logText(), /Uncaught.*destroyed/);

    // workerd's WebSocket texts, which applications match on (a send to a client that went away).
    const ws = await get('/ws-texts');
    assert.deepEqual(ws['unaccepted'], { error: 'TypeError: You must call one of accept() or state.acceptWebSocket() on this WebSocket before sending messages.' });
    assert.deepEqual(ws['afterClose'], { error: 'TypeError: Can\'t call WebSocket send() after close().' });
    assert.deepEqual(ws['attachment'], { error: 'Error: A WebSocket \'attachment\' cannot be larger than 16384 bytes.\'attachment\' was 16385 bytes.' });

    for (const backend of ['sqlite', 'legacy']) {
      assert.deepEqual(await get(`/shape?class=${backend}&name=shape`), { ctx: [], storage: [], env: 'object', idEquals: true }, `${backend}: ctx and ctx.storage have every member of the reference`);
    }

    const ids = await get('/ids');
    assert.equal(ids['plain'], null);
    assert.equal(ids['eu'], 'eu', 'an id made by jurisdiction("eu") carries it');
    assert.equal(ids['euName'], 'x');
    assert.equal(ids['unique'], 'eu', 'newUniqueId({ jurisdiction })');
    assert.deepEqual(ids['euGetPlain'], { error: 'TypeError: get called on jurisdictional subnamespace with an ID from a different jurisdiction' });
    assert.equal(ids['cleared'], null, 'jurisdiction(undefined) lifts the restriction');
    assert.deepEqual(ids['routing'], { value: 'accepted' });
    assert.deepEqual(ids['badRouting'], { error: 'RangeError: unknown routingMode: nearest' });
    assert.deepEqual(ids['plainGetEu'], { value: 'accepted' });
    assert.deepEqual(ids['euGetEu'], { value: 'accepted' });
    assert.deepEqual(ids['fromString'], { error: 'TypeError: Invalid Durable Object ID: must be 64 hex digits' });
    assert.deepEqual(ids['notHere'], { error: 'TypeError: Durable Object ID is not valid for this namespace.' });
    assert.equal(ids['equals'], true);
  } finally {
    await server.close();
  }
});
