import { fail, redirect } from '@sveltejs/kit';
import { entryKey, listEntries, validate } from '$lib/entries';
import type { Actions, PageServerLoad } from './$types';

export const load: PageServerLoad = async ({ platform }) => {
	const env = platform!.env;
	return {
		title: env.GUESTBOOK_TITLE,
		entries: await listEntries(env.GUESTBOOK),
		protocol: platform!.cf?.httpProtocol ?? 'unknown'
	};
};

export const actions: Actions = {
	default: async ({ request, platform }) => {
		const form = await request.formData();
		const checked = validate(form.get('name'), form.get('message'));
		if ('errors' in checked) {
			return fail(400, { name: String(form.get('name') ?? ''), message: String(form.get('message') ?? ''), errors: checked.errors });
		}
		const at = new Date();
		const id = crypto.randomUUID();
		await platform!.env.GUESTBOOK.put(entryKey(id, at), JSON.stringify({ id, ...checked, at: at.toISOString() }));
		redirect(303, '/');
	}
};
