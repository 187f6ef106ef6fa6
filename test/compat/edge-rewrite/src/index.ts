/**
 * A site served from static assets and rewritten at the edge, as the original platform's A/B-testing,
 * localization and link-rewriting examples write it: HTMLRewriter translates elements marked with
 * data-i18n-key, keeps the A/B variant the visitor's cookie names, points links at the new host, fills a quote
 * from an asset in an async handler, replaces a placeholder split across text chunks, drops comments and
 * stamps the document's end; rewritten pages are kept in a named cache (caches.open) filled through
 * ctx.waitUntil, and the API answers from caches.default.
 */

interface Env {
	ASSETS: Fetcher;
	SITE_VERSION: string;
	/** Secret: the admin page's password (.dev.vars locally, `wrangler secret put ADMIN_PASSWORD` in production). */
	ADMIN_PASSWORD: string;
}

const COOKIE = 'ab-group';
const LANGUAGES = ['en', 'fr', 'de'] as const;
type Language = (typeof LANGUAGES)[number];

/** The first supported language of an Accept-Language header, by quality. */
function pickLanguage(header: string | null): Language {
	const ranked = (header ?? '')
		.split(',')
		.map((part) => {
			const [tag = '', ...params] = part.trim().split(';');
			const q = params.find((p) => p.trim().startsWith('q='));
			return { lang: tag.split('-')[0]!.toLowerCase(), q: q ? Number(q.split('=')[1]) : 1 };
		})
		.sort((a, b) => b.q - a.q);
	return (ranked.find((r) => (LANGUAGES as readonly string[]).includes(r.lang))?.lang as Language) ?? 'en';
}

function groupFromCookie(header: string | null): 'control' | 'test' | null {
	const match = header?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=(control|test)(?:;|$)`));
	return (match?.[1] as 'control' | 'test' | undefined) ?? null;
}

class Translator {
	constructor(private readonly strings: Record<string, string>) {}
	element(element: Element) {
		const text = this.strings[element.getAttribute('data-i18n-key') ?? ''];
		if (text) element.setInnerContent(text);
		element.removeAttribute('data-i18n-key');
	}
}

class VariantFilter {
	constructor(private readonly group: string) {}
	element(element: Element) {
		if (element.getAttribute('data-variant') !== this.group) element.remove();
		else element.setAttribute('data-variant', `${this.group} shown`);
	}
}

class LinkRewriter {
	element(element: Element) {
		const href = element.getAttribute('href');
		if (href?.startsWith('https://old.example.com/')) element.setAttribute('href', href.replace('https://old.example.com/', 'https://new.example.com/'));
	}
}

/** Text arrives in chunks: a placeholder may be split between two, so the node is gathered before replacing. */
class FooterVersion {
	private buffer = '';
	constructor(private readonly version: string) {}
	text(text: Text) {
		this.buffer += text.text;
		if (text.lastInTextNode) {
			text.replace(this.buffer.replace('{{version}}', this.version), { html: true });
			this.buffer = '';
		} else {
			text.remove();
		}
	}
}

class QuoteFiller {
	constructor(private readonly env: Env, private readonly origin: string) {}
	async element(element: Element) {
		const quote = await this.env.ASSETS.fetch(new URL('/quote.txt', this.origin));
		element.setInnerContent((await quote.text()).trim());
		element.append('<cite>the team</cite>', { html: true });
	}
}

async function renderPage(request: Request, env: Env, lang: Language, group: string): Promise<Response> {
	const url = new URL(request.url);
	const page = await env.ASSETS.fetch(request);
	if (!page.ok || !page.headers.get('content-type')?.startsWith('text/html')) return page;
	const strings: Record<string, string> = lang === 'en' ? {} : await (await env.ASSETS.fetch(new URL(`/i18n/${lang}.json`, url))).json();
	let doctype = '';
	return new HTMLRewriter()
		.onDocument({
			doctype(d) {
				doctype = d.name ?? '';
			},
			comments(comment) {
				comment.remove();
			},
			end(end) {
				end.append(`<!-- ${doctype} page, ${lang}, variant ${group} -->\n`, { html: true });
			},
		})
		.on('html', { element: (el) => el.setAttribute('lang', lang) })
		.on('[data-i18n-key]', new Translator(strings))
		.on('[data-variant]', new VariantFilter(group))
		.on('a[href]', new LinkRewriter())
		.on('#quote', new QuoteFiller(env, url.origin))
		.on('footer', new FooterVersion(env.SITE_VERSION))
		.transform(page);
}

/** `{{price:1250}}` in cents becomes `$12.50`; a text node is gathered first, as its chunks may split a placeholder. */
class PriceFormatter {
	private buffer = '';
	text(text: Text) {
		this.buffer += text.text;
		if (!text.lastInTextNode) return text.remove();
		text.replace(this.buffer.replace(/\{\{price:(\d+)\}\}/g, (_, cents: string) => `$${(Number(cents) / 100).toFixed(2)}`));
		this.buffer = '';
	}
}

/**
 * A catalogue page built by the worker and streamed in 7-byte chunks, as a slow origin or a streaming renderer
 * sends it: tags, attributes and placeholders straddle the chunks, and the rewriter still sees whole elements.
 */
function catalog(url: URL): Response {
	const count = Math.min(Math.max(Number(url.searchParams.get('items') ?? '100') || 0, 0), 5000);
	let rows = '';
	for (let i = 1; i <= count; i++) {
		rows += `<li class="item${i % 10 === 0 ? ' sold-out' : ''}" data-sku="sku-${i}">Item ${i}: {{price:${i * 125}}}</li>`;
	}
	const bytes = new TextEncoder().encode(`<!doctype html><html><body><ul id="items">${rows}</ul></body></html>`);
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7));
			controller.close();
		},
	});
	let shown = 0;
	return new HTMLRewriter()
		.on('li.sold-out', { element: (el) => el.replace(`<li class="gone">${el.getAttribute('data-sku')} is sold out</li>`, { html: true }) })
		.on('li.item', {
			element(el) {
				if (el.removed) return; // replaced by the sold-out handler, which ran first
				shown += 1;
				const attributes = [...el.attributes].map(([name]) => name).join(' ');
				el.setAttribute('data-attributes', attributes);
			},
		})
		.on('li.item', new PriceFormatter())
		.on('ul#items', {
			element(el) {
				el.before('<h1>Catalogue</h1>', { html: true });
				el.onEndTag((end) => {
					end.before(`<li class="total">${shown} of ${count} in stock</li>`, { html: true });
				});
			},
		})
		.transform(new Response(stream, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}

/** As the original's HTTP Basic Authentication example compares credentials: lengths first, then without a timing leak. */
function timingSafeEqual(a: string, b: string): boolean {
	const encoder = new TextEncoder();
	const aBytes = encoder.encode(a);
	const bBytes = encoder.encode(b);
	if (aBytes.byteLength !== bBytes.byteLength) return false;
	return crypto.subtle.timingSafeEqual(aBytes, bBytes);
}

function adminPage(request: Request, env: Env): Response {
	const unauthorized = () => new Response('You need to login.', { status: 401, headers: { 'WWW-Authenticate': 'Basic realm="admin", charset="UTF-8"' } });
	const authorization = request.headers.get('Authorization');
	if (!authorization) return unauthorized();
	const [scheme, encoded] = authorization.split(' ');
	if (!encoded || scheme !== 'Basic') return new Response('Malformed authorization header.', { status: 400 });
	let credentials: string;
	try {
		credentials = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))).normalize();
	} catch {
		return new Response('Malformed authorization header.', { status: 400 });
	}
	const index = credentials.indexOf(':');
	const user = credentials.substring(0, index);
	const pass = credentials.substring(index + 1);
	if (index < 0 || !timingSafeEqual(user, 'admin') || !timingSafeEqual(pass, env.ADMIN_PASSWORD)) return unauthorized();
	return new Response('🎉 You have private access!', { headers: { 'Cache-Control': 'no-store', 'content-type': 'text/plain;charset=UTF-8' } });
}

async function quoteApi(request: Request, ctx: ExecutionContext): Promise<Response> {
	const cache = caches.default;
	const cacheKey = new Request(new URL(request.url).toString(), request);
	if (request.method === 'DELETE') {
		return Response.json({ deleted: await cache.delete(cacheKey, { ignoreMethod: true }) });
	}
	let response = await cache.match(cacheKey);
	if (response) {
		response = new Response(response.body, response);
		response.headers.set('x-cache', 'HIT');
		return response;
	}
	response = Response.json({ id: crypto.randomUUID(), quote: 'Speed & <simplicity> win.' }, { headers: { 'cache-control': 's-maxage=60' } });
	ctx.waitUntil(cache.put(cacheKey, response.clone()));
	response.headers.set('x-cache', 'MISS');
	return response;
}

export default {
	async fetch(request, env, ctx): Promise<Response> {
		const url = new URL(request.url);
		if (url.pathname === '/api/quote') return quoteApi(request, ctx);
		if (url.pathname.startsWith('/api/')) return Response.json({ error: 'not found' }, { status: 404 });
		if (url.pathname === '/catalog') return catalog(url);
		if (url.pathname === '/admin') return adminPage(request, env);

		const lang = pickLanguage(request.headers.get('accept-language'));
		const known = groupFromCookie(request.headers.get('cookie'));
		const group = known ?? (Math.random() < 0.5 ? 'control' : 'test');

		const cache = await caches.open('pages');
		const cacheKey = new Request(`${url.origin}${url.pathname}?lang=${lang}&variant=${group}`);
		let response = await cache.match(cacheKey);
		if (response) {
			response = new Response(response.body, response);
			response.headers.set('x-cache', 'HIT');
		} else {
			const rendered = await renderPage(request, env, lang, group);
			if (!rendered.ok) return rendered;
			response = new Response(rendered.body, rendered);
			response.headers.set('cache-control', 'public, max-age=300');
			response.headers.delete('etag');
			ctx.waitUntil(cache.put(cacheKey, response.clone()));
			response.headers.set('x-cache', 'MISS');
		}
		response.headers.set('content-language', lang);
		response.headers.set('vary', 'accept-language, cookie');
		if (!known) response.headers.append('set-cookie', `${COOKIE}=${group}; Path=/; SameSite=Lax`);
		return response;
	},
} satisfies ExportedHandler<Env>;
