import { building } from '$app/environment';
import type { Handle } from '@sveltejs/kit';

export const handle: Handle = async ({ event, resolve }) => {
	const response = await resolve(event);
	response.headers.set('x-rendered-by', 'sveltekit');
	// Count visits after the response is sent (not while prerendering: no request is served then).
	if (!building && event.platform) {
		const kv = event.platform.env.GUESTBOOK;
		event.platform.ctx.waitUntil(
			(async () => {
				const visits = Number((await kv.get('visits')) ?? '0') + 1;
				await kv.put('visits', String(visits));
			})()
		);
	}
	return response;
};
