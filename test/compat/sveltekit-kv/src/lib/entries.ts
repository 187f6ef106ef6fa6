export interface Entry {
	id: string;
	name: string;
	message: string;
	at: string;
}

/** Newest first: keys are `entry:<inverted time>:<id>`, so KV's lexicographic list order is newest first. */
export function entryKey(id: string, at: Date): string {
	return `entry:${String(8_640_000_000_000_000 - at.getTime()).padStart(16, '0')}:${id}`;
}

export async function listEntries(kv: KVNamespace): Promise<Entry[]> {
	const { keys } = await kv.list({ prefix: 'entry:' });
	const values = await Promise.all(keys.map((k) => kv.get<Entry>(k.name, 'json')));
	return values.filter((v): v is Entry => v !== null);
}

/** Checks a submission; answers the problem per field, or the cleaned values. */
export function validate(name: unknown, message: unknown): { errors: Record<string, string> } | { name: string; message: string } {
	const errors: Record<string, string> = {};
	const n = typeof name === 'string' ? name.trim() : '';
	const m = typeof message === 'string' ? message.trim() : '';
	if (n.length < 2 || n.length > 40) errors.name = 'name must be 2-40 characters';
	if (m.length < 1 || m.length > 280) errors.message = 'message must be 1-280 characters';
	return Object.keys(errors).length ? { errors } : { name: n, message: m };
}
