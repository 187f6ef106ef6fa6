// The original's D1 template (comments rendered from a migration's rows), grown into a small inventory API with
// the rest of D1's Worker API: prepare().bind() with all/first/run/raw, batch as one transaction, exec, and
// sessions with bookmarks (read replication's API) carried by the x-d1-bookmark header.
import { renderHtml } from './renderHtml';

interface Env {
	DB: D1Database;
}

interface Product { sku: string; name: string; stock: number; price_cents: number }

const json = (body: unknown, status = 200, headers: HeadersInit = {}) => Response.json(body, { status, headers });

/** A D1 error's message for the client: SQLite's own words, which the error's cause carries. */
function d1Message(err: unknown): string {
	const { message, cause } = err as Error & { cause?: Error };
	return cause?.message ?? message;
}

export default {
	async fetch(request, env): Promise<Response> {
		const url = new URL(request.url);
		const path = url.pathname;

		if (path === '/') {
			const stmt = env.DB.prepare('SELECT * FROM comments LIMIT 3');
			const { results } = await stmt.all();
			return new Response(renderHtml(JSON.stringify(results, null, 2)), { headers: { 'content-type': 'text/html' } });
		}

		// Reads follow the client's bookmark (at least as new as its last write); writes go to the primary.
		const bookmark = request.headers.get('x-d1-bookmark') ?? 'first-unconstrained';
		const session = env.DB.withSession(request.method === 'GET' ? bookmark : 'first-primary');
		const answer = (body: unknown, status = 200) => json(body, status, { 'x-d1-bookmark': session.getBookmark() ?? '' });

		if (path === '/products' && request.method === 'GET') {
			const min = Number(url.searchParams.get('minStock') ?? 0);
			const { results, meta, success } = await session.prepare('SELECT sku, name, stock, price_cents FROM products WHERE stock >= ?1 ORDER BY sku').bind(min).all<Product>();
			return answer({ success, products: results, rowsRead: meta.rows_read });
		}
		if (path === '/products' && request.method === 'POST') {
			const body = await request.json<Partial<Product> & { photo?: number[] }>();
			if (typeof body.sku !== 'string' || typeof body.name !== 'string' || !Number.isInteger(body.price_cents)) return json({ error: 'sku, name and price_cents are required' }, 400);
			try {
				const row = await session
					.prepare('INSERT INTO products (sku, name, stock, price_cents, photo) VALUES (?, ?, ?, ?, ?) RETURNING sku, name, stock, price_cents')
					.bind(body.sku, body.name, body.stock ?? 0, body.price_cents, body.photo ? new Uint8Array(body.photo) : null)
					.first<Product>();
				return answer(row, 201);
			} catch (err) {
				return json({ error: d1Message(err) }, 409);
			}
		}
		const stock = path.match(/^\/products\/([\w-]+)\/stock$/);
		if (stock && request.method === 'GET') {
			const value = await session.prepare('SELECT stock FROM products WHERE sku = ?').bind(stock[1]).first<number>('stock');
			return value === null ? json({ error: `no product ${stock[1]}` }, 404) : answer({ sku: stock[1], stock: value });
		}
		const photo = path.match(/^\/products\/([\w-]+)\/photo$/);
		if (photo && request.method === 'GET') {
			const row = await session.prepare('SELECT photo FROM products WHERE sku = ?').bind(photo[1]).first<{ photo: number[] | null }>();
			if (!row?.photo) return new Response('no photo', { status: 404 });
			return new Response(new Uint8Array(row.photo), { headers: { 'content-type': 'application/octet-stream' } });
		}
		if (path === '/products.csv') {
			const [columns, ...rows] = await session.prepare('SELECT sku, name, stock FROM products ORDER BY sku').raw<[string, string, number]>({ columnNames: true });
			const csv = [columns, ...rows].map((r) => r.map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(',')).join('\n');
			return new Response(`${csv}\n`, { headers: { 'content-type': 'text/csv' } });
		}
		if (path === '/transfers' && request.method === 'POST') {
			const { from, to, qty } = await request.json<{ from: string; to: string; qty: number }>();
			// One transaction: the CHECK (stock >= 0) failing on the first update undoes the others.
			try {
				const [taken, given, logged] = await session.batch([
					session.prepare('UPDATE products SET stock = stock - ?1 WHERE sku = ?2').bind(qty, from),
					session.prepare('UPDATE products SET stock = stock + ?1 WHERE sku = ?2').bind(qty, to),
					session.prepare('INSERT INTO movements (from_sku, to_sku, qty) VALUES (?, ?, ?)').bind(from, to, qty),
				]);
				if (taken.meta.changes !== 1 || given.meta.changes !== 1) throw new Error(`unknown product in ${from} → ${to}`);
				return answer({ movement: logged.meta.last_row_id, changes: [taken.meta.changes, given.meta.changes, logged.meta.changes] }, 201);
			} catch (err) {
				return json({ error: d1Message(err) }, 409);
			}
		}
		if (path === '/movements') {
			const { results } = await session.prepare('SELECT id, from_sku, to_sku, qty FROM movements ORDER BY id').all();
			return answer(results);
		}
		if (path === '/admin/restock' && request.method === 'POST') {
			// A maintenance script: several statements, one per line, as exec() takes them.
			const result = await env.DB.exec(`UPDATE products SET stock = stock + 10 WHERE stock < 5;
INSERT INTO comments (author, content) VALUES ('restock', 'low stock topped up');`);
			return json({ statements: result.count });
		}
		if (path === '/admin/bad-script' && request.method === 'POST') {
			try {
				await env.DB.exec('UPDATE products SET stock = stock + 1;\nUPDATE nowhere SET x = 1;');
				return json({ ok: true });
			} catch (err) {
				return json({ error: (err as Error).message }, 500);
			}
		}
		return new Response('Not found', { status: 404 });
	},
} satisfies ExportedHandler<Env>;
