// Chat rooms with per-user rate limits, on coordination objects used directly (no framework).
export { ChatRoom } from './chat-room';
export { RateLimiter } from './rate-limiter';

export default {
	async fetch(request, env): Promise<Response> {
		const url = new URL(request.url);
		const [, first, name, action] = url.pathname.split('/');
		if (first === 'rooms' && name) {
			const room = env.ROOMS.get(env.ROOMS.idFromName(name));
			if (action === 'ws') return room.fetch(request);
			if (action === 'history' && request.method === 'GET') return Response.json(await room.history(Number(url.searchParams.get('limit') ?? 50)));
			if (action === 'announce' && request.method === 'POST') {
				const { text, delayMs } = await request.json<{ text: string; delayMs: number }>();
				return Response.json({ at: await room.announce(text, delayMs) }, { status: 202 });
			}
		}
		if (first === 'limits' && name && request.method === 'GET') return Response.json(await env.LIMITER.getByName(name).state());
		// The HTTP API is rate limited too, by client address.
		if (first === 'ping') {
			const who = request.headers.get('CF-Connecting-IP') ?? 'unknown';
			const verdict = await env.LIMITER.getByName(`ip:${who}`).hit(3, Number(env.WINDOW_MS));
			if (!verdict.allowed) return new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': String(Math.ceil(verdict.retryAfterMs / 1000)) } });
			return Response.json({ pong: true, remaining: verdict.remaining });
		}
		return new Response('Not found', { status: 404 });
	},
} satisfies ExportedHandler<Env>;
