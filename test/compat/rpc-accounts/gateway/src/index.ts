// The public gateway: a Hono app that signs users in through the accounts service (RPC over a service binding),
// keeps an audit trail in KV written after the response (waitUntil from cloudflare:workers), and says which
// version answered (version metadata binding).
import { env, waitUntil } from 'cloudflare:workers';
import { Hono } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { Buffer } from 'node:buffer';
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { AccountsService } from '../../accounts/src/index';
import { audit, log, requestContext, type AuditEvent } from './context';

interface Env {
	ACCOUNTS: Service<AccountsService>;
	AUDIT: KVNamespace;
	CF_VERSION_METADATA: WorkerVersionMetadata;
	APP_NAME: string;
	SESSION_COOKIE: string;
	LOG_LEVEL: string;
}

// Read once when the module loads: the env of `cloudflare:workers` and process.env are there at top level.
const appName = (env as unknown as Env).APP_NAME;
const cookieName = process.env.SESSION_COOKIE ?? 'session';
const bootedWith = { appName, cookieName, logLevel: process.env.LOG_LEVEL ?? null };

let auditSeq = 0;
audit.on('event', (event: AuditEvent) => {
	// Registered at module scope, called while a request runs: waitUntil keeps that request's event alive until the write lands.
	const key = `audit:${String(Date.now()).padStart(15, '0')}:${String(++auditSeq).padStart(6, '0')}`;
	const requestId = requestContext.getStore()?.requestId ?? null;
	waitUntil((env as unknown as Env).AUDIT.put(key, JSON.stringify({ ...event, requestId })));
});

const pause = promisify(setTimeout);

const app = new Hono<{ Bindings: Env }>();

app.use(async (c, next) => {
	const requestId = c.req.header('x-request-id') ?? randomUUID();
	await requestContext.run({ requestId, path: c.req.path, lines: [] }, async () => {
		log('%s %s', c.req.method, c.req.path);
		await next();
		c.header('x-request-id', requestId);
	});
});

app.get('/', (c) => c.json({ app: appName, booted: bootedWith }));

app.get('/version', (c) => {
	const { id, tag, timestamp } = c.env.CF_VERSION_METADATA;
	return c.json({ id, tag, timestamp });
});

app.post('/signup', async (c) => {
	const { email, password } = await c.req.json<{ email: string; password: string }>();
	try {
		const profile = await c.env.ACCOUNTS.register(email, password);
		audit.emit('event', { type: 'signup', email });
		return c.json(profile, 201);
	} catch (err) {
		const e = err as Error;
		log('signup refused: %s (%s)', e.message, e.name);
		return c.json({ error: e.message, kind: e.name }, e instanceof RangeError ? 400 : 409);
	}
});

// Basic credentials, as a command-line client sends them: `Authorization: Basic base64(email:password)`.
app.post('/signin', async (c) => {
	const header = c.req.header('authorization') ?? '';
	if (!header.startsWith('Basic ')) return c.json({ error: 'send Basic credentials' }, 401);
	const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	const [email, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
	const token = await c.env.ACCOUNTS.signIn(email, password);
	if (!token) {
		audit.emit('event', { type: 'signin-failed', email });
		// A constant pause whatever was wrong, as the template's sign-in does.
		await pause(5);
		return c.json({ error: 'wrong email or password' }, 401);
	}
	audit.emit('event', { type: 'signin', email });
	setCookie(c, cookieName, token, { httpOnly: true, sameSite: 'Lax', path: '/' });
	return c.json({ ok: true });
});

async function sessionOf(c: { env: Env; req: { header(name: string): string | undefined } }, token: string | undefined) {
	if (!token) return null;
	return c.env.ACCOUNTS.session(token);
}

app.get('/me', async (c) => {
	using session = await sessionOf(c, getCookie(c, cookieName));
	if (!session) return c.json({ error: 'not signed in' }, 401);
	const profile = await session.profile();
	const body = JSON.stringify(profile);
	const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
	if (c.req.header('if-none-match') === etag) return c.body(null, 304, { etag });
	log('profile of %s', profile.email);
	return c.body(body, 200, { 'content-type': 'application/json', etag });
});

app.put('/me/email', async (c) => {
	using session = await sessionOf(c, getCookie(c, cookieName));
	if (!session) return c.json({ error: 'not signed in' }, 401);
	const { email } = await c.req.json<{ email: string }>();
	try {
		const profile = await session.rename(email);
		audit.emit('event', { type: 'rename', email });
		return c.json(profile);
	} catch (err) {
		return c.json({ error: (err as Error).message, kind: (err as Error).name }, 400);
	}
});

// Promise pipelining, as the original's RPC docs show it: the directory's methods are called on the promise of
// directory(), before it has arrived, and `using` disposes the directory at the end of the block.
app.get('/directory/:email', async (c) => {
	using directory = c.env.ACCOUNTS.directory();
	const [count, found] = await Promise.all([directory.count(), directory.lookup(c.req.param('email'))]);
	return c.json({ count, found: found && { email: found.email } });
});

app.post('/signout', (c) => {
	deleteCookie(c, cookieName, { path: '/' });
	return c.json({ ok: true });
});

// Every account's email, one per line, streamed as the accounts service calls back (a function passed over RPC).
app.get('/emails', async (c) => {
	const emails: string[] = [];
	const total = await c.env.ACCOUNTS.forEachEmail((email) => { emails.push(email); });
	const lines = Readable.from([...emails.sort().map((e) => `${e}\n`), `# ${total} accounts\n`]);
	return new Response(Readable.toWeb(lines) as ReadableStream, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
});

// The audit trail, oldest first; what the request's log lines said is in the x-log header of this answer.
app.get('/audit', async (c) => {
	const { keys } = await c.env.AUDIT.list({ prefix: 'audit:' });
	const events = await Promise.all(keys.map((k) => c.env.AUDIT.get(k.name, 'json')));
	return c.json(events);
});

app.get('/trace', async (c) => {
	// The request's context survives awaits, timers and an RPC round trip.
	await pause(2);
	await c.env.ACCOUNTS.signIn('nobody@example.com', 'whatever');
	const lines = requestContext.getStore()?.lines ?? [];
	log('traced');
	return c.json({ requestId: requestContext.getStore()?.requestId, lines: [...lines] });
});

app.onError((err, c) => c.json({ error: err.message }, 500));

export default app;
