// node:buffer under nodejs_compat speaks base64url as Node and the original platform do (issue 14: the
// compatibility suite's signed links failed with "Unknown encoding: base64url"), through a real isolate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeProject, startProject } from './helpers.js';

const APP = `import { Buffer } from 'node:buffer';
import { createHmac } from 'node:crypto';
export default {
  fetch() {
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x00, 0x3e, 0x3f]);
    const mac = createHmac('sha256', 'k').update('m').digest();
    const url = bytes.toString('base64url');
    const target = Buffer.alloc(6);
    const written = target.write(url, 'base64url');
    return Response.json({
      url,
      partial: bytes.toString('base64url', 1, 3),
      macUrl: Buffer.from(mac).toString('base64url'),
      back: [...Buffer.from(url, 'base64url')],
      upper: [...Buffer.from(url, 'BASE64URL')],
      byteLength: Buffer.byteLength(url, 'base64url'),
      isEncoding: Buffer.isEncoding('base64url'),
      written, target: [...target],
      global: globalThis.Buffer.from('hi?>').toString('base64url'),
      base64: bytes.toString('base64'), hex: bytes.toString('hex'), utf8: Buffer.from('héllo').toString(),
      search: Buffer.from('a base64url b').indexOf('base64url'),
    });
  },
};
`;

test('node:buffer under nodejs_compat encodes and decodes base64url like Node; other encodings are unchanged', async () => {
  const dir = makeProject({ 'src/index.js': APP }, { compatibility_flags: ['nodejs_compat'] });
  const server = await startProject(dir);
  try {
    const res = await server.request(new Request('http://app.test/'));
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const bytes = Buffer.from([0xfb, 0xff, 0xbf, 0x00, 0x3e, 0x3f]);
    const mac = (await import('node:crypto')).createHmac('sha256', 'k').update('m').digest();
    assert.deepEqual(JSON.parse(text), {
      url: bytes.toString('base64url'),
      partial: bytes.toString('base64url', 1, 3),
      macUrl: mac.toString('base64url'),
      back: [...bytes],
      upper: [...bytes],
      byteLength: 6,
      isEncoding: true,
      written: 6, target: [...bytes],
      global: Buffer.from('hi?>').toString('base64url'),
      base64: bytes.toString('base64'), hex: bytes.toString('hex'), utf8: 'héllo',
      search: 2,
    });
  } finally {
    await server.close();
  }
});
