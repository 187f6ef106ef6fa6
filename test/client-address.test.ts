// The client's address reaches application code as the platform saw it (docs/runtime.md, "Request headers"):
// `Edge-Connecting-Ip` and the original's `CF-Connecting-IP`, set from the connection's peer, whatever the client
// sent under those names, under both isolations, for plain requests and WebSocket upgrades.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, rawHttp, startProject } from './helpers.js';

const APP = `export default { fetch(request) {
  return Response.json({ edge: request.headers.get('edge-connecting-ip'), cf: request.headers.get('cf-connecting-ip'), upgrade: request.headers.get('upgrade') });
} };`;


for (const isolation of ['thread', 'process'] as const) {
  test(`the client address headers name the connection's peer, never what the client claims (${isolation} isolation)`, async (t) => {
    const dev = await startProject(makeProject({ 'src/index.js': APP }), { isolation });
    t.after(() => dev.close());
    const plain = await rawHttp(dev.url, 'GET', {});
    assert.equal(plain.status, 200, plain.body);
    assert.deepEqual(JSON.parse(plain.body), { edge: '127.0.0.1', cf: '127.0.0.1', upgrade: null });
    const forged = await rawHttp(dev.url, 'GET', { 'CF-Connecting-IP': ['203.0.113.9', '10.0.0.1'], 'edge-connecting-ip': '203.0.113.9' });
    assert.deepEqual(JSON.parse(forged.body), { edge: '127.0.0.1', cf: '127.0.0.1', upgrade: null });
    // An upgrade request takes the server's other path (its 'upgrade' event): the same headers, the same answer.
    const upgrade = await rawHttp(dev.url, 'GET', { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', 'cf-connecting-ip': '203.0.113.9' });
    assert.ok(upgrade.body.includes('"cf":"127.0.0.1"'), upgrade.body);
    assert.ok(!upgrade.body.includes('203.0.113.9'), upgrade.body);
  });
}
