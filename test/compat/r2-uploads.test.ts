// Compatibility suite: uploads to a bucket (test/compat/r2-uploads, wrangler.jsonc, r2_buckets) written as the
// original's R2 docs write them: the multipart upload Worker (createMultipartUpload, resumeMultipartUpload,
// uploadPart in any order, complete with the S3 etag, abort, and the errors its catch blocks turn into 400s),
// get with the request's Range and If-* headers passed as they came (206, 304, 412), head, put with onlyIf from
// If-Match / If-None-Match: *, http and custom metadata, and list by prefix and delimiter with a cursor. Under
// ledge dev (both isolations) and ledge serve.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { call, copyApp, hostOf, json, startPlatform, withDev, type Answer } from './harness.js';

type Fetch = (pathname: string, init?: Parameters<typeof call>[1]) => Promise<Answer>;
const md5 = (b: Buffer | string) => createHash('md5').update(b).digest();

/** A GET whose body is kept as bytes (call() reads text); over node:http, as fetch() cannot set the Host header. */
function bytes(origin: string, pathname: string, host?: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${pathname}`, { headers: { ...headers, ...(host ? { host } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: new Headers(Object.entries(res.headers).map(([n, v]) => [n, String(v)])) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function exercise(get: Fetch, read: (pathname: string, headers?: Record<string, string>) => ReturnType<typeof bytes>): Promise<void> {
  // A plain upload with its content type and custom metadata; the etag is the MD5 of the content.
  const text = 'hello, buckets\n';
  const put = await get('/docs/readme.txt', { method: 'PUT', headers: { 'content-type': 'text/plain; charset=utf-8', 'x-meta-author': 'ana', 'cache-control': 'max-age=60' }, body: text });
  assert.equal(put.status, 201, put.body);
  const etag = `"${md5(text).toString('hex')}"`;
  assert.equal(put.headers.etag, etag);

  const head = await get('/docs/readme.txt', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(head.headers['content-type'], 'text/plain; charset=utf-8');
  assert.equal(head.headers['cache-control'], 'max-age=60');
  assert.equal(head.headers['x-meta-author'], 'ana');
  assert.equal(head.headers['content-length'], String(Buffer.byteLength(text)));
  assert.equal(head.headers.etag, etag);
  assert.equal((await get('/docs/missing.txt', { method: 'HEAD' })).status, 404);

  // Ranges and conditions straight from the request's headers.
  const whole = await get('/docs/readme.txt');
  assert.equal(whole.body, text);
  assert.equal(whole.headers['content-range'], undefined);
  const lastModified = String(whole.headers['last-modified']);
  const first = await get('/docs/readme.txt', { headers: { range: 'bytes=0-4' } });
  assert.equal(first.status, 206);
  assert.equal(first.body, 'hello');
  assert.equal(first.headers['content-range'], `bytes 0-4/${text.length}`);
  const tail = await get('/docs/readme.txt', { headers: { range: 'bytes=7-' } });
  assert.deepEqual([tail.status, tail.body, tail.headers['content-range']], [206, 'buckets\n', `bytes 7-${text.length - 1}/${text.length}`]);
  assert.equal((await get('/docs/readme.txt', { headers: { range: 'bytes=-3' } })).body, 'ts\n');
  assert.equal((await get('/docs/readme.txt', { headers: { 'if-none-match': etag } })).status, 304);
  assert.equal((await get('/docs/readme.txt', { headers: { 'if-none-match': '"0123"' } })).status, 200);
  assert.equal((await get('/docs/readme.txt', { headers: { 'if-match': '"0123"' } })).status, 412);
  assert.equal((await get('/docs/readme.txt', { headers: { 'if-match': etag } })).body, text);
  assert.equal((await get('/docs/readme.txt', { headers: { 'if-modified-since': lastModified } })).status, 304);
  assert.equal((await get('/docs/readme.txt', { headers: { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' } })).status, 412);
  assert.equal((await get('/docs/missing.txt')).status, 404);

  // Conditional writes: optimistic concurrency with If-Match, create-only with If-None-Match: *.
  assert.equal((await get('/docs/readme.txt', { method: 'PUT', headers: { 'if-match': '"0123"' }, body: 'lost update' })).status, 412);
  assert.equal((await get('/docs/readme.txt', { method: 'PUT', headers: { 'if-none-match': '*' }, body: 'clobber' })).status, 412);
  assert.equal((await get('/docs/readme.txt')).body, text, 'refused writes stored nothing');
  const updated = await get('/docs/readme.txt', { method: 'PUT', headers: { 'if-match': etag, 'content-type': 'text/plain' }, body: 'v2' });
  assert.equal(updated.status, 201);
  assert.equal(updated.headers.etag, `"${md5('v2').toString('hex')}"`);
  assert.equal((await get('/docs/new.txt', { method: 'PUT', headers: { 'if-none-match': '*' }, body: 'first' })).status, 201);

  // Multipart: parts uploaded out of order, the first at the 5 MiB minimum, completed into one object.
  const partOne = randomBytes(5 * 1024 * 1024);
  const partTwo = randomBytes(1000);
  const created = json<{ key: string; uploadId: string }>(await get('/videos/clip.mp4?action=mpu-create&user=ana', { method: 'POST', headers: { 'content-type': 'video/mp4' } }));
  assert.equal(created.key, 'videos/clip.mp4');
  assert.ok(created.uploadId.length > 0);
  const upload = (n: number, body: Buffer, uploadId = created.uploadId) => get(`/videos/clip.mp4?action=mpu-uploadpart&uploadId=${encodeURIComponent(uploadId)}&partNumber=${n}`, { method: 'PUT', body });
  const second = json<{ partNumber: number; etag: string }>(await upload(2, partTwo));
  const firstPart = json<{ partNumber: number; etag: string }>(await upload(1, partOne));
  assert.deepEqual(second, { partNumber: 2, etag: md5(partTwo).toString('hex') });
  assert.deepEqual(firstPart, { partNumber: 1, etag: md5(partOne).toString('hex') });
  assert.match((await upload(0, partTwo)).body, /\(10029\)/, 'a part number outside 1-10000');
  const complete = (parts: unknown, uploadId = created.uploadId) => get(`/videos/clip.mp4?action=mpu-complete&uploadId=${encodeURIComponent(uploadId)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ parts }) });
  const wrongEtag = await complete([firstPart, { ...second, etag: md5('x').toString('hex') }]);
  assert.equal(wrongEtag.status, 400);
  assert.match(wrongEtag.body, /\(10025\)/);
  const done = await complete([firstPart, second]);
  assert.equal(done.status, 200, done.body);
  assert.equal(done.headers.etag, `"${md5(Buffer.concat([md5(partOne), md5(partTwo)])).toString('hex')}-2"`);
  const again = await complete([firstPart, second]);
  assert.equal(again.status, 400);
  assert.match(again.body, /\(10024\)/, 'a completed upload is gone');

  const video = await read('/videos/clip.mp4');
  assert.equal(video.status, 200);
  assert.equal(video.headers.get('content-type'), 'video/mp4');
  assert.equal(video.headers.get('x-meta-uploadedby'), 'ana');
  assert.ok(video.body.equals(Buffer.concat([partOne, partTwo])), 'the object is its parts in order');
  const across = await read('/videos/clip.mp4', { range: `bytes=${partOne.length - 2}-${partOne.length + 1}` });
  assert.equal(across.status, 206);
  assert.ok(across.body.equals(Buffer.concat([partOne.subarray(-2), partTwo.subarray(0, 2)])), 'a range across the parts');
  assert.equal(across.headers.get('content-range'), `bytes ${partOne.length - 2}-${partOne.length + 1}/${partOne.length + partTwo.length}`);

  // A small part that is not the last is refused at completion; an aborted upload takes no more parts.
  const small = json<{ uploadId: string }>(await get('/videos/small.mp4?action=mpu-create', { method: 'POST' }));
  const uploadSmall = (n: number, body: Buffer) => get(`/videos/small.mp4?action=mpu-uploadpart&uploadId=${encodeURIComponent(small.uploadId)}&partNumber=${n}`, { method: 'PUT', body });
  const tooSmall = await get(`/videos/small.mp4?action=mpu-complete&uploadId=${encodeURIComponent(small.uploadId)}`, { method: 'POST', body: JSON.stringify({ parts: [json(await uploadSmall(1, partTwo)), json(await uploadSmall(2, partTwo))] }) });
  assert.equal(tooSmall.status, 400);
  assert.match(tooSmall.body, /\(10011\)/);
  assert.equal((await get(`/videos/small.mp4?action=mpu-abort&uploadId=${encodeURIComponent(small.uploadId)}`, { method: 'DELETE' })).status, 204);
  assert.match((await uploadSmall(3, partTwo)).body, /\(10024\)/);
  assert.equal((await get('/videos/small.mp4')).status, 404);
  assert.equal((await get('/videos/clip.mp4?action=mpu-nothing', { method: 'POST' })).body, 'Unknown action mpu-nothing for POST');

  // Listings: one folder level by delimiter, and pages of MAX_LIST = 3 with a cursor.
  for (const key of ['photos/2025/a.jpg', 'photos/2025/b.jpg', 'photos/2026/c.jpg', 'photos/top.jpg']) {
    assert.equal((await get(`/${key}`, { method: 'PUT', headers: { 'content-type': 'image/jpeg', 'x-meta-album': key.split('/')[1] ?? '' }, body: key })).status, 201);
  }
  assert.deepEqual(json(await get('/?prefix=photos/&delimiter=/')), {
    objects: [{ key: 'photos/top.jpg', size: 14, etag: md5('photos/top.jpg').toString('hex'), type: 'image/jpeg', meta: { album: 'top.jpg' } }],
    folders: ['photos/2025/', 'photos/2026/'],
    cursor: null,
  });
  const keys: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { objects: { key: string }[]; cursor: string | null } = json(await get(`/?${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`));
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.cursor;
    pages++;
  } while (cursor && pages < 10);
  assert.deepEqual(keys, ['docs/new.txt', 'docs/readme.txt', 'photos/2025/a.jpg', 'photos/2025/b.jpg', 'photos/2026/c.jpg', 'photos/top.jpg', 'videos/clip.mp4']);
  assert.equal(pages, 3);

  assert.equal((await get('/docs/new.txt', { method: 'DELETE' })).status, 204);
  assert.equal((await get('/docs/new.txt')).status, 404);
  assert.equal((await get('/docs/new.txt', { method: 'PATCH' })).status, 405);
}

test('an R2 upload Worker with multipart uploads, ranges, conditions, metadata and listings runs unchanged under ledge dev and ledge serve', { timeout: 240_000 }, async (t) => {
  for (const isolation of ['thread', 'process'] as const) {
    await t.test(`ledge dev (${isolation})`, async () => {
      const dir = copyApp('r2-uploads');
      await withDev(dir, (url) => exercise((p, init) => call(`${url}${p}`, init), (p, headers) => bytes(url, p, undefined, headers)), { args: ['--isolation', isolation] });
    });
  }

  await t.test('ledge serve, after ledge deploy', async () => {
    const dir = copyApp('r2-uploads');
    const platform = await startPlatform();
    try {
      // What `wrangler r2 bucket create uploads` does.
      await platform.create('bucket', 'uploads');
      assert.match((await platform.ledge(['deploy'], { cwd: dir })).out, /deployed r2-uploads: version/);
      const host = hostOf('r2-uploads');
      await exercise((p, init) => platform.visit(host, p, init), (p, headers) => bytes(platform.serve.app, p, host, headers));
    } finally {
      await platform.stop();
    }
  });
});
