// The built-ins that libraries written for the original platform use unguarded, in both isolations: the ES2024
// and ES2025 built-ins its V8 has and Node 20's lacks (PartyServer's in-memory connection list filters a Map
// iterator; before they were added its first broadcast threw "... is not iterable"), and WebSocket's own
// READY_STATE_* names (PartyServer's hibernating connection list compares readyState to them: without them
// broadcast() reached no socket).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `export default {
  async fetch() {
    const map = new Map([['a', 1], ['b', 2], ['c', 3]]);
    const { promise, resolve } = Promise.withResolvers();
    resolve('resolved');
    const pair = new WebSocketPair();
    const ws = pair[1];
    ws.accept();
    let setBinaryType;
    try { ws.binaryType = 'arraybuffer'; setBinaryType = ws.binaryType; } catch (e) { setBinaryType = 'threw ' + e.message; }
    let blob;
    try { ws.binaryType = 'blob'; blob = 'accepted'; } catch (e) { blob = e.constructor.name + ': ' + e.message; }
    return Response.json({
      filtered: map.values().filter((v) => v > 1).map((v) => v * 10).toArray(),
      taken: Iterator.from([5, 6, 7, 8]).drop(1).take(2).toArray(),
      reduced: map.keys().reduce((acc, k) => acc + k, ''),
      some: map.values().some((v) => v === 3),
      every: map.values().every((v) => v > 0),
      found: map.entries().find(([, v]) => v === 2)?.[0],
      flat: [[1, 2], [3]].values().flatMap((a) => a).toArray(),
      eachCount: (() => { let n = 0; map.values().forEach(() => { n++; }); return n; })(),
      withResolvers: await promise,
      grouped: Object.groupBy([1, 2, 3, 4], (n) => (n % 2 ? 'odd' : 'even')),
      mapGrouped: [...Map.groupBy(['ax', 'ay', 'bz'], (s) => s[0]).entries()],
      fromAsync: await Array.fromAsync((async function* () { yield 1; yield 2; })()),
      union: [...new Set([1, 2]).union(new Set([2, 3]))],
      intersection: [...new Set([1, 2]).intersection(new Set([2, 3]))],
      difference: [...new Set([1, 2]).difference(new Set([2, 3]))],
      subset: new Set([1]).isSubsetOf(new Set([1, 2])),
      states: [WebSocket.READY_STATE_CONNECTING, WebSocket.READY_STATE_OPEN, WebSocket.READY_STATE_CLOSING, WebSocket.READY_STATE_CLOSED],
      instanceOpen: ws.readyState === ws.READY_STATE_OPEN && ws.READY_STATE_OPEN === WebSocket.OPEN,
      setBinaryType,
      blob,
      extraGlobals: Object.getOwnPropertyNames(globalThis).filter((name) => name.includes('core-js')),
    });
  },
};`;

for (const isolation of ['thread', 'process'] as const) {
  test(`the built-ins of the original's runtime that Node 20 lacks are there (${isolation} isolation)`, { timeout: 120_000 }, async (t) => {
    const server = await startProject(makeProject({ 'src/index.js': APP }), { isolation });
    t.after(() => server.close());
    const res = await server.request(new Request('http://app.test/'));
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual(await res.json(), {
      filtered: [20, 30],
      taken: [6, 7],
      reduced: 'abc',
      some: true,
      every: true,
      found: 'b',
      flat: [1, 2, 3],
      eachCount: 3,
      withResolvers: 'resolved',
      grouped: { odd: [1, 3], even: [2, 4] },
      mapGrouped: [['a', ['ax', 'ay']], ['b', ['bz']]],
      fromAsync: [1, 2],
      union: [1, 2, 3],
      intersection: [2],
      difference: [1],
      subset: true,
      states: [0, 1, 2, 3],
      instanceOpen: true,
      setBinaryType: 'arraybuffer',
      blob: 'TypeError: binaryType: only "arraybuffer" is supported, got "blob"',
      extraGlobals: [],
    });
  });
}
