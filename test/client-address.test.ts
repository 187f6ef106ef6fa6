// The client's address reaches application code as the platform saw it (docs/runtime.md, "Request headers"):
// `Edge-Connecting-Ip` and the original's `CF-Connecting-IP`, set from the connection's peer, whatever the client
// sent under those names, under both isolations, for plain requests and WebSocket upgrades.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
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

/** Sends raw bytes and reads the whole answer (the server closes after it: Connection: close). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (c: Buffer) => { out += c.toString(); });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

test('header spellings the parser could mistake never carry a client\'s claimed address to the application (red team)', async (t) => {
  const dev = await startProject(makeProject({ 'src/index.js': APP }));
  t.after(() => dev.close());
  const port = Number(new URL(dev.url).port);
  const head = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n';
  // Whitespace before the colon, a folded line, a NUL in the name: refused before the application runs.
  for (const line of ['CF-Connecting-IP : 203.0.113.9', 'X-A: 1\r\n cf-connecting-ip: 203.0.113.9', 'cf-connecting-ip\0: 203.0.113.9']) {
    const answer = await raw(port, `${head}${line}\r\n\r\n`);
    assert.match(answer, /^HTTP\/1\.1 400/, JSON.stringify(line));
    assert.ok(!answer.includes('203.0.113.9'), answer);
  }
  // Case and padding of the value: dropped all the same, the peer's address in their place.
  const answer = await raw(port, `${head}CF-CONNECTING-IP:   203.0.113.9  \r\nEdge-Connecting-IP:\t203.0.113.9\r\n\r\n`);
  assert.match(answer, /^HTTP\/1\.1 200/);
  assert.ok(answer.includes('"edge":"127.0.0.1","cf":"127.0.0.1"') && !answer.includes('203.0.113.9'), answer);
});
