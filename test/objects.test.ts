// The object store binding through a real isolate: objects, conditionals, ranges, listing, multipart, lifecycle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createManualClock } from '../src/platform/clock.js';
import { makeProject, startProject } from './helpers.js';

async function run(script: string, options: { clock?: ReturnType<typeof createManualClock>; config?: Record<string, unknown> } = {}) {
  const dir = makeProject({
    'src/index.js': `export default { async fetch(request, env) {
      const step = new URL(request.url).searchParams.get('step');
      try { return Response.json({ ok: await (${script})(env, step) }); }
      catch (e) { return Response.json({ error: e.constructor.name + ': ' + e.message }); }
    } };`,
  }, { buckets: [{ binding: 'FILES', bucket_name: 'files-test' }], ...options.config });
  const server = await startProject(dir, options.clock ? { clock: options.clock } : {});
  const call = async (step = '') => (await (await server.request(new Request(`http://app.test/?step=${step}`))).json()) as { ok?: Record<string, unknown>; error?: string };
  return { server, call };
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

test('put, head, get and delete with metadata, checksums and writeHttpMetadata', async (t) => {
  const { server, call } = await run(`async (env) => {
    const put = await env.FILES.put('docs/a.txt', 'hello objects', {
      httpMetadata: { contentType: 'text/plain', cacheControl: 'max-age=60', cacheExpiry: new Date('2030-01-01T00:00:00Z') },
      customMetadata: { owner: 'ann' },
    });
    const head = await env.FILES.head('docs/a.txt');
    const got = await env.FILES.get('docs/a.txt');
    const headers = new Headers();
    got.writeHttpMetadata(headers);
    const text = await got.text();
    const missing = await env.FILES.get('nope');
    const fromHeaders = await env.FILES.put('h.bin', new Uint8Array([1, 2, 3]), { httpMetadata: new Headers({ 'content-type': 'application/octet-stream' }) });
    await env.FILES.delete('docs/a.txt');
    await env.FILES.delete(['h.bin', 'never-existed']);
    return {
      put: { key: put.key, size: put.size, etag: put.etag, httpEtag: put.httpEtag, storageClass: put.storageClass, uploadedIsDate: put.uploaded instanceof Date, versionLength: put.version.length, checksums: put.checksums.toJSON(), md5Bytes: put.checksums.md5.byteLength },
      head: { size: head.size, etag: head.etag, http: { ...head.httpMetadata, cacheExpiry: head.httpMetadata.cacheExpiry.toISOString() }, custom: head.customMetadata, hasBody: 'body' in head },
      text, bodyUsed: got.bodyUsed, headers: [...headers], missing,
      fromHeaders: fromHeaders.httpMetadata.contentType,
      afterDelete: [await env.FILES.head('docs/a.txt'), await env.FILES.head('h.bin')],
    };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    put: { key: 'docs/a.txt', size: 13, etag: md5('hello objects'), httpEtag: `"${md5('hello objects')}"`, storageClass: 'Standard', uploadedIsDate: true, versionLength: 32, checksums: { md5: md5('hello objects') }, md5Bytes: 16 },
    head: { size: 13, etag: md5('hello objects'), http: { contentType: 'text/plain', cacheControl: 'max-age=60', cacheExpiry: '2030-01-01T00:00:00.000Z' }, custom: { owner: 'ann' }, hasBody: false },
    text: 'hello objects', bodyUsed: true,
    headers: [['cache-control', 'max-age=60'], ['content-type', 'text/plain'], ['expires', 'Tue, 01 Jan 2030 00:00:00 GMT']],
    missing: null, fromHeaders: 'application/octet-stream', afterDelete: [null, null],
  });
});

test('every conditional outcome: get returns the object without a body, put returns null and stores nothing', async (t) => {
  const { server, call } = await run(`async (env) => {
    const first = await env.FILES.put('c', 'v1');
    const etag = first.etag;
    const past = new Date(first.uploaded.getTime() - 60_000), future = new Date(first.uploaded.getTime() + 60_000);
    const g = async (onlyIf) => { const o = await env.FILES.get('c', { onlyIf }); return o === null ? 'null' : ('body' in o ? 'body' : 'no body'); };
    const out = {
      matches: await g({ etagMatches: etag }), matchesWrong: await g({ etagMatches: 'abc' }), matchesStar: await g({ etagMatches: '*' }),
      noneMatch: await g({ etagDoesNotMatch: etag }), noneMatchOther: await g({ etagDoesNotMatch: 'abc' }),
      after: await g({ uploadedAfter: past }), afterFuture: await g({ uploadedAfter: future }),
      before: await g({ uploadedBefore: future }), beforePast: await g({ uploadedBefore: past }),
      headersNoneMatch: await g(new Headers({ 'if-none-match': '"' + etag + '"' })),
      headersMatch: await g(new Headers({ 'if-match': '"' + etag + '"' })),
      putFails: await env.FILES.put('c', 'v2', { onlyIf: { etagMatches: 'abc' } }),
      stillV1: await (await env.FILES.get('c')).text(),
      putPasses: (await env.FILES.put('c', 'v3', { onlyIf: { etagMatches: etag } }))?.size,
      createOnly: await env.FILES.put('c', 'v4', { onlyIf: { etagDoesNotMatch: '*' } }),
      createNew: (await env.FILES.put('fresh', 'x', { onlyIf: { etagDoesNotMatch: '*' } }))?.key,
      missingWithMatch: await env.FILES.get('ghost', { onlyIf: { etagMatches: 'x' } }),
    };
    try { await env.FILES.get('c', { onlyIf: { etagMatches: '"quoted"' } }); } catch (e) { out.quoted = e.constructor.name + ': ' + e.message; }
    return out;
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    matches: 'body', matchesWrong: 'no body', matchesStar: 'body', noneMatch: 'no body', noneMatchOther: 'body',
    after: 'body', afterFuture: 'no body', before: 'body', beforePast: 'no body', headersNoneMatch: 'no body', headersMatch: 'body',
    putFails: null, stillV1: 'v1', putPasses: 2, createOnly: null, createNew: 'fresh', missingWithMatch: null,
    quoted: 'TypeError: Conditional ETag should not be wrapped in quotes ("quoted").',
  });
});

test('ranges', async (t) => {
  const { server, call } = await run(`async (env) => {
    await env.FILES.put('r', '0123456789');
    const read = async (range) => { const o = await env.FILES.get('r', { range }); return [await o.text(), o.range]; };
    const out = {
      offsetLength: await read({ offset: 2, length: 3 }), offset: await read({ offset: 7 }), length: await read({ length: 4 }),
      suffix: await read({ suffix: 3 }), overlong: await read({ offset: 8, length: 100 }), header: await read(new Headers({ range: 'bytes=1-2' })),
    };
    for (const [name, range] of [['suffixOffset', { suffix: 1, offset: 1 }], ['negative', { offset: -1 }], ['beyond', { offset: 11 }]]) {
      try { await env.FILES.get('r', { range }); out[name] = 'no error'; } catch (e) { out[name] = e.constructor.name + ': ' + e.message; }
    }
    return out;
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    offsetLength: ['234', { offset: 2, length: 3 }], offset: ['789', { offset: 7, length: 3 }], length: ['0123', { offset: 0, length: 4 }],
    suffix: ['789', { offset: 7, length: 3 }], overlong: ['89', { offset: 8, length: 2 }], header: ['12', { offset: 1, length: 2 }],
    suffixOffset: 'TypeError: Suffix is incompatible with offset.',
    negative: 'RangeError: Invalid range. Starting offset (-1) must be greater than or equal to 0.',
    beyond: 'Error: get: The requested range is not satisfiable (10039)',
  });
});

test('get without a range reports the whole object as its range, as the original does; head reports none', async (t) => {
  const { server, call } = await run(`async (env) => {
    const put = await env.FILES.put('whole', '0123456789');
    const got = await env.FILES.get('whole');
    const head = await env.FILES.head('whole');
    const failed = await env.FILES.get('whole', { onlyIf: { etagMatches: 'not-the-etag' } });
    return {
      range: got.range, length: got.range.length, offset: got.range.offset, text: await got.text(),
      headRange: head.range === undefined, putRange: put.range === undefined,
      failedHasBody: 'body' in failed, failedRange: failed.range,
    };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    range: { offset: 0, length: 10 }, length: 10, offset: 0, text: '0123456789',
    headRange: true, putRange: true,
    failedHasBody: false, failedRange: { offset: 0, length: 10 },
  });
});

test('list with prefix, delimiter, cursor, startAfter and include', async (t) => {
  const { server, call } = await run(`async (env) => {
    for (const key of ['a/1', 'a/2', 'a/b/3', 'b/4', 'c', 'd/5', 'd/6']) await env.FILES.put(key, key, { customMetadata: { k: key }, httpMetadata: { contentType: 'text/plain' } });
    const pages = [];
    let cursor;
    do { const page = await env.FILES.list({ limit: 3, cursor }); pages.push(page.objects.map((o) => o.key)); cursor = page.truncated ? page.cursor : undefined; } while (cursor);
    const delimited = await env.FILES.list({ delimiter: '/' });
    const nested = await env.FILES.list({ prefix: 'a/', delimiter: '/' });
    const included = await env.FILES.list({ prefix: 'c', include: ['customMetadata'] });
    const plain = await env.FILES.list({ prefix: 'c' });
    return {
      pages,
      delimited: [delimited.objects.map((o) => o.key), delimited.delimitedPrefixes, delimited.truncated],
      nested: [nested.objects.map((o) => o.key), nested.delimitedPrefixes],
      startAfter: (await env.FILES.list({ startAfter: 'b/4' })).objects.map((o) => o.key),
      included: [included.objects[0].customMetadata, included.objects[0].httpMetadata],
      plain: [plain.objects[0].customMetadata, plain.objects[0].httpMetadata, plain.objects[0].size],
    };
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    pages: [['a/1', 'a/2', 'a/b/3'], ['b/4', 'c', 'd/5'], ['d/6']],
    delimited: [['c'], ['a/', 'b/', 'd/'], false],
    nested: [['a/1', 'a/2'], ['a/b/']],
    startAfter: ['c', 'd/5', 'd/6'],
    included: [{ k: 'c' }, null],
    plain: [null, null, 1],
  });
});

test('multipart uploads: parts, the multipart etag rule, resume, abort and size rules', async (t) => {
  const MiB = 1024 * 1024;
  const { server, call } = await run(`async (env) => {
    const MiB = ${MiB};
    const upload = await env.FILES.createMultipartUpload('big.bin', { httpMetadata: { contentType: 'application/x-test' }, customMetadata: { kind: 'multi' } });
    const part1 = await upload.uploadPart(1, new Uint8Array(5 * MiB).fill(1));
    const resumed = env.FILES.resumeMultipartUpload('big.bin', upload.uploadId);
    const part2 = await resumed.uploadPart(2, new ReadableStream({ start(c) { c.enqueue(new Uint8Array(MiB).fill(2)); c.enqueue(new Uint8Array(1000).fill(3)); c.close(); } }));
    const object = await upload.complete([part2, part1]);
    const body = await env.FILES.get('big.bin');
    const bytes = new Uint8Array(await body.arrayBuffer());
    const out = { etag: object.etag, size: object.size, parts: [part1.partNumber, part2.partNumber], partEtags: [part1.etag, part2.etag],
      http: body.httpMetadata.contentType, custom: body.customMetadata, first: bytes[0], middle: bytes[5 * MiB], last: bytes[bytes.length - 1], length: bytes.length };
    const small = await env.FILES.createMultipartUpload('small.bin');
    const s1 = await small.uploadPart(1, 'tiny');
    const s2 = await small.uploadPart(2, 'tiny too');
    try { await small.complete([s1, s2]); out.tooSmall = 'completed'; } catch (e) { out.tooSmall = e.message; }
    try { await small.complete([{ partNumber: 9, etag: 'x' }]); out.badPart = 'completed'; } catch (e) { out.badPart = e.message; }
    await small.abort();
    try { await small.uploadPart(3, 'late'); out.afterAbort = 'uploaded'; } catch (e) { out.afterAbort = e.message; }
    try { await upload.uploadPart(0, 'x'); } catch (e) { out.partZero = e.message; }
    out.aborted = await env.FILES.head('small.bin');
    return out;
  }`);
  t.after(() => server.close());
  const { ok, error } = await call();
  assert.equal(error, undefined);
  const part1 = createHash('md5').update(Buffer.alloc(5 * MiB, 1)).digest();
  const part2 = createHash('md5').update(Buffer.concat([Buffer.alloc(MiB, 2), Buffer.alloc(1000, 3)])).digest();
  assert.equal(ok?.etag, `${createHash('md5').update(Buffer.concat([part1, part2])).digest('hex')}-2`);
  assert.deepEqual(ok?.partEtags, [part1.toString('hex'), part2.toString('hex')]);
  assert.equal(ok?.size, 6 * MiB + 1000);
  assert.deepEqual([ok?.first, ok?.middle, ok?.last, ok?.length, ok?.http, ok?.custom], [1, 2, 3, 6 * MiB + 1000, 'application/x-test', { kind: 'multi' }]);
  assert.equal(ok?.tooSmall, 'completeMultipartUpload: Your proposed upload is smaller than the minimum allowed object size. (10011)');
  assert.equal(ok?.badPart, 'completeMultipartUpload: One or more of the specified parts could not be found. (10025)');
  assert.equal(ok?.afterAbort, 'uploadPart: The specified multipart upload does not exist. (10024)');
  assert.equal(ok?.partZero, 'uploadPart: Part number must be between 1 and 10000 (inclusive). (10029)');
  assert.equal(ok?.aborted, null);
});

test('argument errors and limits', async (t) => {
  const { server, call } = await run(`async (env) => {
    const out = {};
    const attempt = async (name, fn) => { try { await fn(); out[name] = 'no error'; } catch (e) { out[name] = e.constructor.name + ': ' + e.message; } };
    await attempt('longKey', () => env.FILES.put('k'.repeat(1025), 'x'));
    await attempt('metadata', () => env.FILES.put('m', 'x', { customMetadata: { big: 'v'.repeat(2100) } }));
    await attempt('badValue', () => env.FILES.put('v', 42));
    await attempt('twoHashes', () => env.FILES.put('h', 'x', { md5: 'a'.repeat(32), sha1: 'b'.repeat(40) }));
    await attempt('md5Length', () => env.FILES.put('h', 'x', { md5: 'abc' }));
    await attempt('md5Bytes', () => env.FILES.put('h', 'x', { md5: new Uint8Array(3) }));
    await attempt('md5Hex', () => env.FILES.put('h', 'x', { md5: 'z'.repeat(32) }));
    await attempt('badDigest', () => env.FILES.put('h', 'x', { md5: 'a'.repeat(32) }));
    await attempt('badSha256', () => env.FILES.put('h', 'x', { sha256: 'a'.repeat(64) }));
    await attempt('limit', () => env.FILES.list({ limit: 1001 }));
    await attempt('cursor', () => env.FILES.list({ cursor: 'bad' }));
    out.goodSha = (await env.FILES.put('h2', 'x', { sha256: '${createHash('sha256').update('x').digest('hex')}' })).checksums.toJSON();
    out.nothingStored = await env.FILES.head('h');
    return out;
  }`);
  t.after(() => server.close());
  const { ok } = await call();
  assert.deepEqual(ok, {
    longKey: 'Error: put: The specified object name is not valid. (10020)',
    metadata: 'Error: put: Your metadata headers exceed the maximum allowed metadata size. (10012)',
    badValue: 'TypeError: put(): the value must be a ReadableStream, ArrayBuffer, ArrayBufferView, string, Blob or null',
    twoHashes: 'TypeError: You cannot specify multiple hashing algorithms.',
    md5Length: 'TypeError: MD5 is 32 hex characters, not 3',
    md5Bytes: 'TypeError: MD5 is 16 bytes, not 3',
    md5Hex: "TypeError: Provided MD5 wasn't a valid hex string",
    badDigest: 'Error: put: The Content-MD5 you specified did not match what we received. (10037)',
    badSha256: 'Error: put: The SHA-256 checksum you specified did not match what we received. (10037)',
    limit: 'Error: list: MaxKeys params must be positive integer <= 1000. (10022)',
    cursor: 'Error: list: Invalid cursor (10029)',
    goodSha: { md5: md5('x'), sha256: createHash('sha256').update('x').digest('hex') },
    nothingStored: null,
  });
});

test('large bodies stream through in chunks both ways', async (t) => {
  const { server, call } = await run(`async (env) => {
    const size = 3 * 1024 * 1024 + 17;
    let made = 0;
    await env.FILES.put('large', new ReadableStream({ pull(c) { if (made >= size) { c.close(); return; } const n = Math.min(65536, size - made); c.enqueue(new Uint8Array(n).fill(made % 251)); made += n; } }));
    const object = await env.FILES.get('large');
    let total = 0, chunks = 0;
    const reader = object.body.getReader();
    for (;;) { const { done, value } = await reader.read(); if (done) break; total += value.byteLength; chunks++; }
    return { size: object.size, total, chunks: chunks > 1 };
  }`);
  t.after(() => server.close());
  assert.deepEqual((await call()).ok, { size: 3 * 1024 * 1024 + 17, total: 3 * 1024 * 1024 + 17, chunks: true });
});

test('lifecycle rules expire objects by age, date and prefix, and abort stale multipart uploads', async (t) => {
  const clock = createManualClock(Date.UTC(2026, 10, 1));
  const { server, call } = await run(`async (env, step) => {
    if (step === 'fill') {
      for (const key of ['logs/1', 'logs/2', 'keep/1', 'tmp/1']) await env.FILES.put(key, key);
      await env.FILES.createMultipartUpload('stale-upload');
      return true;
    }
    return (await env.FILES.list()).objects.map((o) => o.key);
  }`, { clock, config: { buckets: [{ binding: 'FILES', bucket_name: 'files-test', lifecycle: [
    { id: 'logs-30d', prefix: 'logs/', expire: { days: 30 } },
    { id: 'tmp-date', prefix: 'tmp/', expire: { date: '2026-11-10' } },
    { id: 'off', enabled: false, prefix: 'keep/', expire: { days: 1 } },
  ] }] } });
  t.after(() => server.close());
  await call('fill');
  await server.runLifecycle();
  assert.deepEqual((await call()).ok, ['keep/1', 'logs/1', 'logs/2', 'tmp/1']);
  assert.match(server.logText(), /lifecycle files-test: deleted 0 object\(s\), aborted 0 multipart upload\(s\)/);
  clock.set(Date.UTC(2026, 10, 10));
  await server.runLifecycle();
  assert.deepEqual((await call()).ok, ['keep/1', 'logs/1', 'logs/2']);
  clock.set(Date.UTC(2026, 11, 2));
  await server.runLifecycle();
  assert.deepEqual((await call()).ok, ['keep/1']);
  assert.match(server.logText(), /lifecycle files-test: deleted 1 object\(s\), aborted 1 multipart upload\(s\)/, 'Nov 10: tmp/ by date, the 9-day-old upload by the default 7-day rule');
  assert.match(server.logText(), /lifecycle files-test: deleted 2 object\(s\), aborted 0 multipart upload\(s\)/, 'Dec 2: logs/ after 30 days');
});

test('combined conditions follow RFC 7232: an etag that passes overrides the date, seconds granularity, and absent objects', async (t) => {
  const clock = createManualClock(Date.UTC(2026, 10, 1, 12, 0, 0, 700)); // uploaded at .700 of a second
  const { server, call } = await run(`async (env) => {
    const put = await env.FILES.put('c', 'v1');
    const etag = put.etag;
    const uploaded = put.uploaded.getTime();
    const sameSecond = new Date(uploaded - 700), later = new Date(uploaded + 60_000), earlier = new Date(uploaded - 60_000);
    const g = async (onlyIf) => { const o = await env.FILES.get('c', { onlyIf }); return o === null ? 'null' : ('body' in o ? 'body' : 'no body'); };
    return {
      // If-None-Match that passes makes If-Modified-Since pass even when the date alone would fail, and the reverse
      noneMatchOverridesAfter: await g({ etagDoesNotMatch: 'other', uploadedAfter: later }),
      noneMatchFailsWithAfter: await g({ etagDoesNotMatch: etag, uploadedAfter: earlier }),
      // If-Match that passes makes If-Unmodified-Since pass, and a failing If-Match fails whatever the date
      matchOverridesBefore: await g({ etagMatches: etag, uploadedBefore: earlier }),
      matchFailsWithBefore: await g({ etagMatches: 'other', uploadedBefore: later }),
      // Milliseconds count unless secondsGranularity truncates both times to the second
      afterSameSecondMs: await g({ uploadedAfter: sameSecond }),
      afterSameSecondS: await g({ uploadedAfter: sameSecond, secondsGranularity: true }),
      beforeNextSecondS: await g({ uploadedBefore: new Date(uploaded + 100), secondsGranularity: true }),
      // Conditions on an object that does not exist
      putAbsentWithAfter: await env.FILES.put('absent-1', 'x', { onlyIf: { uploadedAfter: earlier } }),
      putAbsentWithMatch: await env.FILES.put('absent-2', 'x', { onlyIf: { etagMatches: '*' } }),
      putAbsentWithBefore: (await env.FILES.put('absent-3', 'x', { onlyIf: { uploadedBefore: later } }))?.key ?? null,
      stored: (await env.FILES.list({ prefix: 'absent-' })).objects.map((o) => o.key),
    };
  }`, { clock });
  t.after(() => server.close());
  const { ok, error } = await call();
  assert.equal(error, undefined);
  assert.deepEqual(ok, {
    noneMatchOverridesAfter: 'body', noneMatchFailsWithAfter: 'no body',
    matchOverridesBefore: 'body', matchFailsWithBefore: 'no body',
    afterSameSecondMs: 'body', afterSameSecondS: 'no body', beforeNextSecondS: 'no body',
    putAbsentWithAfter: null, putAbsentWithMatch: null, putAbsentWithBefore: 'absent-3', stored: ['absent-3'],
  });
});
