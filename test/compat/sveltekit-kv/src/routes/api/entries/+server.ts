import { error, json } from '@sveltejs/kit';
import { entryKey, listEntries, validate } from '$lib/entries';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ platform, url }) => {
	const entries = await listEntries(platform!.env.GUESTBOOK);
	const limit = Number(url.searchParams.get('limit') ?? '50');
	if (!Number.isInteger(limit) || limit < 1 || limit > 100) error(400, 'limit must be an integer from 1 to 100');
	return json({ entries: entries.slice(0, limit), visits: Number((await platform!.env.GUESTBOOK.get('visits')) ?? '0') });
};

export const POST: RequestHandler = async ({ request, platform }) => {
	const body = await request.json().catch(() => null);
	const checked = validate(body?.name, body?.message);
	if ('errors' in checked) return json(checked, { status: 400 });
	const at = new Date();
	const id = crypto.randomUUID();
	const entry = { id, ...checked, at: at.toISOString() };
	await platform!.env.GUESTBOOK.put(entryKey(id, at), JSON.stringify(entry));
	return json(entry, { status: 201 });
};
