import { WorkerEntrypoint } from 'cloudflare:workers';
import { AutoRouter, error, json, type IRequest } from 'itty-router';
import { drizzle } from 'drizzle-orm/d1';
import { desc, eq, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { links, stats } from './schema';
import { nodeReport } from './node-bits';

interface Env {
  DB: D1Database;
  CLICKS: Queue<{ id: string; at: number }>;
  JWT_SECRET: string;
  PUBLIC_ORIGIN: string;
}

type Args = [Env, ExecutionContext];

const NewLink = z.object({ url: z.url({ protocol: /^https?$/ }), slug: z.string().regex(/^[a-z0-9-]{3,32}$/).optional() });

const key = (env: Env) => new TextEncoder().encode(env.JWT_SECRET);

async function owner(request: IRequest, env: Env): Promise<string | Response> {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  if (!token) return error(401, 'sign in first');
  try {
    const { payload } = await jwtVerify(token, key(env), { issuer: 'short-links' });
    return String(payload.sub);
  } catch {
    return error(401, 'bad token');
  }
}

const router = AutoRouter<IRequest, Args>();

router
  .post('/token', async (request, env) => {
    const { user } = await request.json<{ user?: string }>();
    if (!user) return error(400, 'user is required');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user).setIssuer('short-links').setExpirationTime('1h').sign(key(env));
    return { token };
  })
  .post('/links', async (request, env) => {
    const who = await owner(request, env);
    if (who instanceof Response) return who;
    const parsed = NewLink.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return error(400, { error: 'invalid link', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) });
    const db = drizzle(env.DB);
    const id = parsed.data.slug ?? crypto.randomUUID().slice(0, 8);
    try {
      const [row] = await db.insert(links).values({ id, url: parsed.data.url, owner: who, createdAt: new Date(0) }).returning();
      return json({ ...row, short: `${env.PUBLIC_ORIGIN}/l/${id}` }, { status: 201 });
    } catch (err) {
      if (String((err as Error).cause ?? err).includes('UNIQUE')) return error(409, `slug ${id} is taken`);
      throw err;
    }
  })
  .get('/links', async (request, env) => {
    const who = await owner(request, env);
    if (who instanceof Response) return who;
    return drizzle(env.DB).select().from(links).where(eq(links.owner, who)).orderBy(desc(links.id)).all();
  })
  .get('/l/:id', async ({ params }, env, ctx) => {
    const [row] = await drizzle(env.DB).select({ url: links.url }).from(links).where(eq(links.id, params.id)).limit(1);
    if (!row) return error(404, 'no such link');
    ctx.waitUntil(env.CLICKS.send({ id: params.id, at: Date.now() }));
    return Response.redirect(row.url, 302);
  })
  .get('/card/:id', async ({ params, url }, env, ctx) => {
    // An HTML card, cached with the Cache API and filled in by HTMLRewriter.
    const cache = caches.default;
    const hit = await cache.match(url);
    if (hit) return new Response(hit.body, { headers: { ...Object.fromEntries(hit.headers), 'x-cache': 'HIT' } });
    const [row] = await drizzle(env.DB).select().from(links).where(eq(links.id, params.id)).limit(1);
    if (!row) return error(404, 'no such link');
    const template = new Response('<!doctype html><html><head><title>link</title></head><body><h1 id="t">?</h1><a id="go" href="#">go</a><p class="clicks"></p></body></html>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const page = new HTMLRewriter()
      .on('title', { element: (e) => { e.setInnerContent(`${row.id} → ${row.url}`); } })
      .on('h1#t', { element: (e) => { e.setInnerContent(row.id); } })
      .on('a#go', { element: (e) => { e.setAttribute('href', row.url); } })
      .on('p.clicks', { element: (e) => { e.setInnerContent(`${row.clicks} clicks <so far>`); } })
      .transform(template);
    const body = await page.text();
    const response = new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=60' } });
    ctx.waitUntil(cache.put(url, response.clone()));
    return new Response(body, { headers: { ...Object.fromEntries(response.headers), 'x-cache': 'MISS' } });
  })
  .get('/stats', async (_request, env) => {
    const rows = await drizzle(env.DB).select().from(stats).all();
    return Object.fromEntries(rows.map((r) => [r.name, r.value]));
  })
  .get('/node', () => nodeReport())
  .get('/digest', async ({ query }) => {
    const data = new TextEncoder().encode(String(query.text ?? ''));
    const hash = await crypto.subtle.digest('SHA-256', data);
    return { sha256: [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('') };
  });

export default class ShortLinks extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    return router.fetch(request, this.env, this.ctx);
  }

  async scheduled(controller: ScheduledController): Promise<void> {
    const db = drizzle(this.env.DB);
    await db.insert(stats).values({ name: 'sweeps', value: 1 }).onConflictDoUpdate({ target: stats.name, set: { value: sql`${stats.value} + 1` } });
    console.log(`swept at ${controller.cron}`);
  }

  async queue(batch: MessageBatch<{ id: string; at: number }>): Promise<void> {
    const db = drizzle(this.env.DB);
    for (const message of batch.messages) {
      await db.update(links).set({ clicks: sql`${links.clicks} + 1` }).where(eq(links.id, message.body.id));
      message.ack();
    }
  }
}
