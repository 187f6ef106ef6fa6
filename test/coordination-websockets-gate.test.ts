// The output gate on what a coordination object sends over its WebSockets (docs/bindings/coordination.md, "What an
// object sends waits for its writes"; reference §4.2): a frame sent after a write leaves only once the write is
// committed, and never if it fails; frames keep their order on each socket; `allowUnconfirmed` writes hold nothing.
// Against a real `ledge dev` in both isolations, with hibernatable and plain (accept()ed) sockets; writes are made to
// fail by ledge dev's coordination storage limit (--coordination-storage-mb 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, startDev } from './cli.js';
import { makeProject, tempDir } from './helpers.js';
import { GATE_APP, GATE_CONFIG, connect } from './coordination-websockets-gate-app.js';

/** The close reason of a socket whose held frames were dropped because a write before them failed. */
const OUTPUT_FAILED = 'the object was reset: a write made before this message failed';

for (const isolation of ['thread', 'process'] as const) {
  test(`a chat room object's WebSocket frames wait for its writes, keep their order, and never leave after a failed write (${isolation} isolation)`, { timeout: 240_000 }, async (t) => {
    const dir = makeProject({ 'src/index.js': GATE_APP }, GATE_CONFIG);
    const dev = await startDev(dir, ['--state', tempDir('ledge-ws-gate-'), '--coordination-storage-mb', '2', '--isolation', isolation]);
    t.after(() => { dev.child.kill('SIGKILL'); });
    const ws = dev.url.replace(/^http/, 'ws');
    const keys = async (room: string) => {
      const body = await (await fetch(`${dev.url}/keys?room=${room}`)).text();
      assert.ok(body.startsWith('['), `keys of ${room}: ${body}`);
      return JSON.parse(body) as string[];
    };

    for (const path of ['/hib', '/plain']) {
      // Order under load: 10 clients each send 15 messages at once, a third written (confirmed), a third not
      // written, a third written with allowUnconfirmed. Each broadcast carries the object's sequence number; a frame
      // held for its write must not be overtaken by a later one that had nothing to wait for.
      const room = `order${path.slice(1)}`;
      const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => connect(ws, path, room, `c${i}`, true)));
      const verbs = ['say', 'quiet', 'loose'];
      for (const [i, client] of clients.entries()) for (let k = 0; k < 15; k++) client.ws.send(`${verbs[(i + k) % 3] as string} c${i}-${k}`);
      const total = 150;
      for (const [i, client] of clients.entries()) {
        await client.until(() => client.received.filter((m) => /^\d+ /.test(m)).length >= total);
        const seqs = client.received.filter((m) => /^\d+ /.test(m)).map((m) => Number(m.split(' ')[0]));
        assert.equal(seqs.length, total, `${path} client ${i} received every broadcast (${seqs.length})`);
        assert.deepEqual(seqs, Array.from({ length: total }, (_, k) => k + 1), `${path} client ${i} received the broadcasts in the order the object sent them`);
      }
      const last = await (await fetch(`${dev.url}/value?room=${room}&key=seq`)).json();
      assert.ok(typeof last === 'number' && last > 0, `${path}: the confirmed writes are stored (${String(last)})`);
      for (const client of clients) client.ws.close();
    }

    // A write fails (the storage limit): the broadcast held behind it never reaches anyone, and each socket that held
    // it is closed with 1011, so its client knows to reconnect. Both rooms first, while new objects may still start.
    const sender = await connect(ws, '/hib', 'fill', 'sender');
    const observer = await connect(ws, '/hib', 'fill', 'observer');
    const plainSender = await connect(ws, '/plain', 'fillp', 'sender');
    const plainObserver = await connect(ws, '/plain', 'fillp', 'observer');
    let failed = -1;
    for (let i = 0; i < 40 && failed < 0; i++) {
      sender.ws.send(`fill ${i}`);
      await sender.until(() => sender.received.includes(`filled ${i}`));
      if (sender.isClosed && !sender.received.includes(`filled ${i}`)) failed = i;
    }
    assert.ok(failed >= 1, `some fills were stored before the limit, then one failed (failed at ${failed})`);
    assert.deepEqual(await sender.closed, [1011, OUTPUT_FAILED]);
    assert.deepEqual(await observer.closed, [1011, OUTPUT_FAILED]);
    const filled = Array.from({ length: failed }, (_, i) => `filled ${i}`);
    assert.deepEqual(sender.received.filter((m) => m.startsWith('filled')), filled, 'the sender never got the broadcast of the failed write');
    assert.deepEqual(observer.received.filter((m) => m.startsWith('filled')), filled, 'nor did the observer');
    assert.deepEqual((await keys('fill')).sort(), Array.from({ length: failed }, (_, i) => `fill ${i}`).sort(), 'the failed write is not stored');

    plainSender.ws.send('fill 100');
    assert.deepEqual(await plainSender.closed, [1011, OUTPUT_FAILED], 'a plain socket: closed, its held frame dropped');
    assert.deepEqual(await plainObserver.closed, [1011, OUTPUT_FAILED]);
    assert.ok(!plainSender.received.includes('filled 100') && !plainObserver.received.includes('filled 100'), 'the held frame never left');
    assert.deepEqual(await keys('fillp'), []);

    // allowUnconfirmed: the frame leaves without waiting, even though the write then fails (the object is reset).
    const loose = await connect(ws, '/hib', 'fill', 'loose');
    loose.ws.send('fill-loose 200');
    await loose.until(() => loose.received.includes('filled-loose 200'));
    assert.ok(loose.received.includes('filled-loose 200'), 'an allowUnconfirmed write held nothing');
    // The write fails after the frame left; a call reaching the instance before it is reset may report that failure.
    const after = await fetch(`${dev.url}/keys?room=fill`);
    if (after.status !== 200) assert.match(dev.output(), /coordination storage limit/);
    assert.ok(!(await keys('fill')).includes('fill 200'), 'and its write failed');

    assert.doesNotMatch(dev.output(), /broke the channel protocol|failed inside the platform/);
    assert.equal(await interrupt(dev), 0);
  });
}
