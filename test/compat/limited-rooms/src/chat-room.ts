import { DurableObject } from 'cloudflare:workers';

interface Attachment { user: string; joined: number }
type Incoming = { type: 'say'; text: string } | { type: 'whisper'; to: string; text: string } | { type: 'who' };

/** Counts how many times this isolate built a room: a room rebuilt after hibernation says so. */
let constructed = 0;

/**
 * A chat room with the WebSocket Hibernation API used directly: the platform holds the sockets while the room is
 * evicted, `webSocketMessage` wakes it; each socket's user rides in its attachment and its tag.
 */
export class ChatRoom extends DurableObject<Env> {
	readonly instance: number;

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.instance = ++constructed;
		// Answered by the platform without waking the room.
		ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
		ctx.blockConcurrencyWhile(async () => {
			ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
				id INTEGER PRIMARY KEY AUTOINCREMENT, user TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL)`);
		});
	}

	async fetch(request: Request): Promise<Response> {
		const url = new URL(request.url);
		if (request.headers.get('Upgrade') !== 'websocket') return new Response('expected a WebSocket upgrade', { status: 426 });
		const user = url.searchParams.get('user') ?? '';
		if (!/^[a-z]{1,20}$/.test(user)) return new Response('user: 1-20 lowercase letters', { status: 400 });
		if (this.ctx.getWebSockets(user).length > 0) return new Response(`${user} is already in this room`, { status: 409 });
		const { 0: client, 1: server } = new WebSocketPair();
		this.ctx.acceptWebSocket(server, [user]);
		server.serializeAttachment({ user, joined: Date.now() } satisfies Attachment);
		server.send(JSON.stringify({ type: 'history', messages: this.history(20) }));
		this.broadcast({ type: 'joined', user, present: this.present() }, server);
		return new Response(null, { status: 101, webSocket: client });
	}

	async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
		const { user } = ws.deserializeAttachment() as Attachment;
		let message: Incoming;
		try {
			message = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)) as Incoming;
		} catch {
			ws.send(JSON.stringify({ type: 'error', error: 'messages are JSON' }));
			return;
		}
		if (message.type === 'who') {
			// When the platform last answered this socket's ping for the room (kept while the room hibernates).
			const lastPing = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.toISOString() ?? null;
			ws.send(JSON.stringify({ type: 'who', present: this.present(), you: user, tags: this.ctx.getTags(ws), instance: this.instance, lastPing }));
			return;
		}
		const verdict = await this.env.LIMITER.getByName(user).hit(Number(this.env.MESSAGES_PER_WINDOW), Number(this.env.WINDOW_MS));
		if (!verdict.allowed) {
			ws.send(JSON.stringify({ type: 'slow-down', retryAfterMs: verdict.retryAfterMs }));
			return;
		}
		if (message.type === 'whisper') {
			const targets = this.ctx.getWebSockets(message.to);
			if (targets.length === 0) ws.send(JSON.stringify({ type: 'error', error: `${message.to} is not here` }));
			for (const target of targets) target.send(JSON.stringify({ type: 'whisper', from: user, text: message.text }));
			return;
		}
		const text = String(message.text ?? '').slice(0, 500);
		const row = this.ctx.storage.sql.exec<{ id: number; at: number }>('INSERT INTO messages (user, text, at) VALUES (?, ?, ?) RETURNING id, at', user, text, Date.now()).one();
		this.broadcast({ type: 'message', id: row.id, user, text, remaining: verdict.remaining });
	}

	async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
		const { user } = ws.deserializeAttachment() as Attachment;
		ws.close(code, reason);
		this.broadcast({ type: 'left', user, present: this.present() }, ws);
	}

	/** Posts an announcement after `delayMs`: the room's alarm wakes it, its sockets still connected. */
	async announce(text: string, delayMs: number): Promise<number> {
		await this.ctx.storage.put('announcement', text);
		const at = Date.now() + delayMs;
		await this.ctx.storage.setAlarm(at);
		return at;
	}

	async alarm(): Promise<void> {
		const text = await this.ctx.storage.get<string>('announcement');
		if (text === undefined) return;
		await this.ctx.storage.delete('announcement');
		this.broadcast({ type: 'announcement', text, instance: this.instance });
	}

	/** The last `limit` messages, oldest first (for the room's page and the history a joining socket gets). */
	history(limit: number): { id: number; user: string; text: string }[] {
		return this.ctx.storage.sql.exec<{ id: number; user: string; text: string }>('SELECT id, user, text FROM (SELECT id, user, text FROM messages ORDER BY id DESC LIMIT ?) ORDER BY id', limit).toArray();
	}

	private present(): string[] {
		return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN).map((ws) => (ws.deserializeAttachment() as Attachment).user).sort();
	}

	private broadcast(message: unknown, except?: WebSocket): void {
		const text = JSON.stringify(message);
		for (const ws of this.ctx.getWebSockets()) {
			if (ws === except) continue;
			try {
				ws.send(text);
			} catch {
				// A socket closing under us: its webSocketClose tells the others.
			}
		}
	}
}
