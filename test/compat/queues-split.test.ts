// Compatibility suite: a queue's producer and its consumer in two Workers (test/compat/queues-split: api/ and
// worker/, each with its own wrangler.toml), the API asking the consumer about jobs through a service binding. Under
// one `ledge dev api worker` (as the original's `wrangler dev -c api/wrangler.toml -c worker/wrangler.toml`, both
// isolations), and deployed one by one to ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runCli, interrupt } from '../cli.js';
import { call, copyApp, editConfig, hostOf, json, startPlatform, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
interface Status { id: string; status: string; thumbnails?: string[]; attempts?: number; queue?: string }

async function exercise(get: Fetch): Promise<void> {
  const post = (body: unknown) => get('/jobs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal((await post({ image: 'cat.png' })).status, 400);
  const ids: string[] = [];
  for (const image of ['cat.png', 'dog.jpg', 'owl.gif']) {
    const queued = await post({ image, sizes: [320, 640] });
    assert.equal(queued.status, 202, queued.body);
    ids.push(json<{ id: string }>(queued).id);
  }
  assert.deepEqual(json(await get('/jobs/not-a-job')), { id: 'not-a-job', status: 'pending' });
  for (const [i, id] of ids.entries()) {
    let status = json<Status>(await get(`/jobs/${id}`));
    for (const end = Date.now() + 30_000; status.status !== 'done' && Date.now() < end;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = json<Status>(await get(`/jobs/${id}`));
    }
    const image = ['cat', 'dog', 'owl'][i];
    assert.deepEqual(status, { id, status: 'done', thumbnails: [`${image}-320w.webp`, `${image}-640w.webp`], attempts: 1, queue: 'thumbnail-jobs' });
  }
}

test('a producer Worker and a consumer Worker of one queue run unchanged together under ledge dev and ledge serve', { timeout: 180_000 }, async (t) => {
  const dir = copyApp('queues-split');

  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev api worker (${isolation})`, async () => {
      const dev = runCli(['dev', 'api', 'worker', '--port', '0', '--isolation', isolation, '--state', path.join(dir, `.ledge-${isolation}`)], { cwd: dir });
      try {
        const url = (await dev.waitFor(/thumbs-api ready on (http:\/\/\S+)/, 90_000))[1] as string;
        await exercise((p, init) => call(`${url}${p}`, init));
      } catch (err) {
        throw new Error(`${(err as Error).message}\n--- ledge dev output ---\n${dev.output()}`, { cause: err });
      } finally {
        await interrupt(dev);
      }
    });
  }

  await t.test('ledge serve: each Worker deployed on its own', async () => {
    const platform = await startPlatform();
    try {
      editConfig(dir, 'worker/wrangler.toml', '4c3b2a19f8e74d6c5b4a39281f0e9d8c', await platform.create('kv', 'RESULTS'));
      await platform.create('queue', 'thumbnail-jobs');
      await platform.create('queue', 'thumbnail-jobs-dlq');
      assert.match((await platform.ledge(['deploy'], { cwd: path.join(dir, 'worker') })).out, /deployed thumbs-worker: version/);
      assert.match((await platform.ledge(['deploy'], { cwd: path.join(dir, 'api') })).out, /deployed thumbs-api: version/);
      await exercise((p, init) => platform.visit(hostOf('thumbs-api'), p, init));
    } finally {
      await platform.stop();
    }
  });
});
