import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { jwt, sign, type JwtVariables } from 'hono/jwt';
import { streamSSE } from 'hono/streaming';

type Bindings = {
	DB: D1Database;
	SESSIONS: KVNamespace;
	JWT_SECRET: string;
	ALLOWED_ORIGIN: string;
};

type Claims = { sub: string; jti: string; role: 'admin' | 'member'; exp: number };

type Message = { id: number; room: string; author: string; body: string; created_at: string };

const app = new Hono<{ Bindings: Bindings; Variables: JwtVariables<Claims> }>();

app.onError((err, c) => {
	if (err instanceof HTTPException) return err.getResponse();
	console.error(err);
	return c.json({ error: 'internal error' }, 500);
});

app.get('/', (c) => c.text('hono-rooms'));

// Browsers on the app's origin call the API with credentials; the origin comes from the environment.
app.use('/api/*', (c, next) =>
	cors({
		origin: c.env.ALLOWED_ORIGIN,
		allowHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID'],
		allowMethods: ['GET', 'POST', 'DELETE'],
		exposeHeaders: ['X-Message-Id'],
		credentials: true,
		maxAge: 600,
	})(c, next),
);

app.post('/auth/token', async (c) => {
	const { user } = await c.req.json<{ user?: string }>().catch(() => ({ user: undefined }));
	if (!user || !/^[a-z][a-z0-9_]{1,31}$/.test(user)) return c.json({ error: 'user must be 2-32 lowercase letters, digits or _' }, 400);
	const jti = crypto.randomUUID();
	const claims: Claims = { sub: user, jti, role: user === 'admin' ? 'admin' : 'member', exp: Math.floor(Date.now() / 1000) + 3600 };
	const token = await sign(claims, c.env.JWT_SECRET, 'HS256');
	// The session is what a sign-out revokes: a token whose jti is gone from KV is refused.
	await c.env.SESSIONS.put(`session:${jti}`, user, { expirationTtl: 3600 });
	// EventSource cannot send headers: the stream is authorised by this cookie instead.
	setCookie(c, 'token', token, { path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: 3600 });
	return c.json({ token });
});

// Either the Authorization header or the cookie, verified with the secret; then the session must still exist.
app.use('/api/*', (c, next) => jwt({ secret: c.env.JWT_SECRET, alg: 'HS256', cookie: 'token' })(c, next));
app.use('/api/*', async (c, next) => {
	const { jti } = c.get('jwtPayload');
	if (!(await c.env.SESSIONS.get(`session:${jti}`))) throw new HTTPException(401, { message: 'session revoked' });
	await next();
});

app.get('/api/me', (c) => {
	const { sub, role } = c.get('jwtPayload');
	return c.json({ user: sub, role });
});

app.delete('/api/session', async (c) => {
	await c.env.SESSIONS.delete(`session:${c.get('jwtPayload').jti}`);
	return c.body(null, 204);
});

const ROOM = /^[a-z0-9-]{1,40}$/;

app.post('/api/rooms/:room/messages', async (c) => {
	const room = c.req.param('room');
	const { body } = await c.req.json<{ body?: unknown }>().catch(() => ({ body: undefined }));
	if (!ROOM.test(room)) return c.json({ error: 'room: lowercase letters, digits and -' }, 400);
	if (typeof body !== 'string' || body.length === 0 || body.length > 500) return c.json({ error: 'body: a string of 1-500 characters' }, 400);
	const row = await c.env.DB.prepare('INSERT INTO messages (room, author, body) VALUES (?1, ?2, ?3) RETURNING *')
		.bind(room, c.get('jwtPayload').sub, body)
		.first<Message>();
	c.header('X-Message-Id', String(row!.id));
	return c.json(row, 201);
});

app.get('/api/rooms/:room/messages', async (c) => {
	const { results } = await c.env.DB.prepare('SELECT * FROM messages WHERE room = ?1 ORDER BY id').bind(c.req.param('room')).all<Message>();
	return c.json(results);
});

app.delete('/api/rooms/:room/messages/:id', async (c) => {
	if (c.get('jwtPayload').role !== 'admin') return c.json({ error: 'admins only' }, 403);
	const { meta } = await c.env.DB.prepare('DELETE FROM messages WHERE room = ?1 AND id = ?2').bind(c.req.param('room'), Number(c.req.param('id'))).run();
	return c.json({ deleted: meta.changes });
});

// Server-sent events: the room's messages after Last-Event-ID, then new ones as they are posted, for `wait` ms.
app.get('/api/rooms/:room/events', (c) => {
	const room = c.req.param('room');
	let after = Number(c.req.header('Last-Event-ID') ?? c.req.query('after') ?? '0') || 0;
	const waitMs = Math.min(Number(c.req.query('wait') ?? '0') || 0, 20_000);
	return streamSSE(c, async (stream) => {
		let open = true;
		stream.onAbort(() => {
			open = false;
		});
		await stream.writeSSE({ event: 'hello', data: JSON.stringify({ room, user: c.get('jwtPayload').sub }) });
		const until = Date.now() + waitMs;
		do {
			const { results } = await c.env.DB.prepare('SELECT * FROM messages WHERE room = ?1 AND id > ?2 ORDER BY id').bind(room, after).all<Message>();
			for (const message of results) {
				await stream.writeSSE({ id: String(message.id), event: 'message', data: JSON.stringify(message) });
				after = message.id;
			}
			if (Date.now() >= until) break;
			await stream.sleep(100);
		} while (open);
		await stream.writeSSE({ event: 'bye', data: String(after) });
	});
});

export default app;
