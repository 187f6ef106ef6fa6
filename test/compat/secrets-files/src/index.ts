import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { sign, verify } from './signing';

export interface Env {
  FILES: R2Bucket;
  FILE_INDEX: KVNamespace;
  LINK_TTL_SECONDS: string;
  MAX_UPLOAD_BYTES: string;
  SIGNING_KEY: string;
  ADMIN_TOKEN: string;
}

interface FileRecord {
  key: string;
  name: string;
  size: number;
  sha256: string;
  uploaded: string;
}

const now = () => Math.floor(Date.now() / 1000);

function isAdmin(request: Request, env: Env): boolean {
  const header = request.headers.get('authorization') ?? '';
  const given = Buffer.from(header.replace(/^Bearer /, ''));
  const expected = Buffer.from(env.ADMIN_TOKEN ?? '');
  return given.length === expected.length && given.length > 0 && given.equals(expected);
}

export default {
  async fetch(request, env): Promise<Response> {
    const url = new URL(request.url);

    if (url.pathname === '/config') {
      // What the deployment sees, never the secret values themselves.
      return Response.json({
        ttl: Number(env.LINK_TTL_SECONDS),
        maxUpload: Number(env.MAX_UPLOAD_BYTES),
        secrets: { SIGNING_KEY: typeof env.SIGNING_KEY, ADMIN_TOKEN: typeof env.ADMIN_TOKEN },
        signingKeyFingerprint: env.SIGNING_KEY ? createHash('sha256').update(env.SIGNING_KEY).digest('hex').slice(0, 12) : null,
      });
    }

    if (url.pathname === '/files' && request.method === 'POST') {
      if (!isAdmin(request, env)) return new Response('unauthorized', { status: 401 });
      const name = url.searchParams.get('name') ?? 'upload.bin';
      const body = Buffer.from(await request.arrayBuffer());
      if (body.length > Number(env.MAX_UPLOAD_BYTES)) return new Response('too large', { status: 413 });
      const key = randomBytes(9).toString('base64url');
      const sha256 = createHash('sha256').update(body).digest('hex');
      await env.FILES.put(key, body, {
        httpMetadata: { contentType: request.headers.get('content-type') ?? 'application/octet-stream' },
        customMetadata: { name, sha256 },
      });
      const record: FileRecord = { key, name, size: body.length, sha256, uploaded: new Date().toISOString() };
      await env.FILE_INDEX.put(`file:${key}`, JSON.stringify(record));
      const token = sign(key, env.SIGNING_KEY, now() + Number(env.LINK_TTL_SECONDS));
      return Response.json({ ...record, link: `/d/${key}?t=${token}` }, { status: 201 });
    }

    const download = url.pathname.match(/^\/d\/([\w-]+)$/);
    if (download && request.method === 'GET') {
      const key = download[1]!;
      const check = verify(key, env.SIGNING_KEY, url.searchParams.get('t') ?? '', now());
      if (check !== 'ok') return new Response(check === 'expired' ? 'link expired' : 'bad signature', { status: 403 });
      const object = await env.FILES.get(key);
      if (!object) return new Response('not found', { status: 404 });
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set('etag', object.httpEtag);
      headers.set('content-disposition', `attachment; filename="${object.customMetadata?.name ?? key}"`);
      headers.set('x-sha256', object.customMetadata?.sha256 ?? '');
      headers.set('content-length', String(object.size));
      return new Response(object.body, { headers });
    }

    if (url.pathname === '/files' && request.method === 'GET') {
      if (!isAdmin(request, env)) return new Response('unauthorized', { status: 401 });
      const { keys } = await env.FILE_INDEX.list({ prefix: 'file:' });
      const records = await Promise.all(keys.map((k) => env.FILE_INDEX.get<FileRecord>(k.name, 'json')));
      const lastSweep = await env.FILE_INDEX.get('sweep:last', 'json');
      return Response.json({ files: records, lastSweep });
    }

    return new Response('not found', { status: 404 });
  },

  // Nightly: check every stored file against its recorded hash, and note the sweep.
  async scheduled(controller, env, ctx): Promise<void> {
    const listed = await env.FILES.list();
    let checked = 0;
    let damaged = 0;
    for (const item of listed.objects) {
      const object = await env.FILES.get(item.key);
      if (!object) continue;
      const digest = createHash('sha256').update(Buffer.from(await object.arrayBuffer())).digest('hex');
      checked++;
      if (digest !== object.customMetadata?.sha256) damaged++;
    }
    ctx.waitUntil(env.FILE_INDEX.put('sweep:last', JSON.stringify({ cron: controller.cron, at: new Date(controller.scheduledTime).toISOString(), checked, damaged })));
  },
} satisfies ExportedHandler<Env>;
