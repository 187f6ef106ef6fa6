// Uploads to an R2 bucket as the original's R2 docs write them: the multipart upload Worker (`?action=mpu-*`),
// objects read with ranges and conditions straight from the request headers, conditional writes, metadata, and
// listings by prefix and delimiter.
interface Env {
	MY_BUCKET: R2Bucket;
	MAX_LIST: string;
}

function objectHeaders(object: R2Object): Headers {
	const headers = new Headers();
	object.writeHttpMetadata(headers);
	headers.set('etag', object.httpEtag);
	headers.set('last-modified', object.uploaded.toUTCString());
	headers.set('accept-ranges', 'bytes');
	for (const [name, value] of Object.entries(object.customMetadata ?? {})) headers.set(`x-meta-${name}`, value);
	return headers;
}

async function handleGet(request: Request, env: Env, key: string, headOnly: boolean): Promise<Response> {
	if (headOnly) {
		const object = await env.MY_BUCKET.head(key);
		if (object === null) return new Response(null, { status: 404 });
		const headers = objectHeaders(object);
		headers.set('content-length', String(object.size));
		return new Response(null, { headers });
	}
	// Range and If-* headers go to the bucket as they came.
	const object = await env.MY_BUCKET.get(key, { range: request.headers, onlyIf: request.headers });
	if (object === null) return new Response('Object Not Found', { status: 404 });
	const headers = objectHeaders(object);
	if (!('body' in object)) {
		// A precondition failed: 304 for If-None-Match / If-Modified-Since, 412 for the others.
		const notModified = request.headers.has('if-none-match') || request.headers.has('if-modified-since');
		return new Response(null, { status: notModified ? 304 : 412, headers });
	}
	if (request.headers.has('range') && object.range && 'offset' in object.range) {
		const offset = object.range.offset ?? 0;
		const length = object.range.length ?? object.size - offset;
		headers.set('content-range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
		return new Response(object.body, { status: 206, headers });
	}
	return new Response(object.body, { headers });
}

export default {
	async fetch(request, env): Promise<Response> {
		const bucket = env.MY_BUCKET;
		const url = new URL(request.url);
		const key = decodeURIComponent(url.pathname.slice(1));
		const action = url.searchParams.get('action');

		if (request.method === 'GET' && key === '' ) {
			// A folder view: ?prefix=photos/&delimiter=/ lists that level; cursor pages through it.
			const listing = await bucket.list({
				prefix: url.searchParams.get('prefix') ?? undefined,
				delimiter: url.searchParams.get('delimiter') ?? undefined,
				cursor: url.searchParams.get('cursor') ?? undefined,
				limit: Number(env.MAX_LIST),
				include: ['httpMetadata', 'customMetadata'],
			});
			return Response.json({
				objects: listing.objects.map((o) => ({ key: o.key, size: o.size, etag: o.etag, type: o.httpMetadata?.contentType ?? null, meta: o.customMetadata ?? {} })),
				folders: listing.delimitedPrefixes,
				cursor: listing.truncated ? listing.cursor : null,
			});
		}
		if (action === null) {
			switch (request.method) {
				case 'GET':
				case 'HEAD':
					return handleGet(request, env, key, request.method === 'HEAD');
				case 'PUT': {
					// If-Match / If-None-Match: * make the write conditional (optimistic concurrency, create-only).
					const object = await bucket.put(key, request.body, {
						onlyIf: request.headers,
						httpMetadata: request.headers,
						customMetadata: Object.fromEntries([...request.headers].filter(([n]) => n.startsWith('x-meta-')).map(([n, v]) => [n.slice(7), v])),
					});
					if (object === null) return new Response('Precondition Failed', { status: 412 });
					return new Response(null, { status: 201, headers: { etag: object.httpEtag } });
				}
				case 'DELETE':
					await bucket.delete(key);
					return new Response(null, { status: 204 });
				default:
					return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD, PUT, DELETE' } });
			}
		}

		switch (request.method) {
			case 'POST':
				switch (action) {
					case 'mpu-create': {
						const multipartUpload = await bucket.createMultipartUpload(key, {
							httpMetadata: { contentType: request.headers.get('content-type') ?? 'application/octet-stream' },
							customMetadata: { uploadedBy: url.searchParams.get('user') ?? 'anonymous' },
						});
						return new Response(JSON.stringify({ key: multipartUpload.key, uploadId: multipartUpload.uploadId }));
					}
					case 'mpu-complete': {
						const uploadId = url.searchParams.get('uploadId');
						if (uploadId === null) return new Response('Missing uploadId', { status: 400 });
						const multipartUpload = env.MY_BUCKET.resumeMultipartUpload(key, uploadId);
						interface completeBody { parts: R2UploadedPart[] }
						const completeBody: completeBody = await request.json();
						if (completeBody === null) return new Response('Missing or incomplete body', { status: 400 });
						// Error handling in case the multipart upload does not exist anymore
						try {
							const object = await multipartUpload.complete(completeBody.parts);
							return new Response(null, { headers: { etag: object.httpEtag } });
						} catch (error: any) {
							return new Response(error.message, { status: 400 });
						}
					}
					default:
						return new Response(`Unknown action ${action} for POST`, { status: 400 });
				}
			case 'PUT':
				switch (action) {
					case 'mpu-uploadpart': {
						const uploadId = url.searchParams.get('uploadId');
						const partNumberString = url.searchParams.get('partNumber');
						if (partNumberString === null || uploadId === null) return new Response('Missing partNumber or uploadId', { status: 400 });
						if (request.body === null) return new Response('Missing request body', { status: 400 });
						const partNumber = parseInt(partNumberString);
						const multipartUpload = env.MY_BUCKET.resumeMultipartUpload(key, uploadId);
						try {
							const uploadedPart: R2UploadedPart = await multipartUpload.uploadPart(partNumber, request.body);
							return new Response(JSON.stringify(uploadedPart));
						} catch (error: any) {
							return new Response(error.message, { status: 400 });
						}
					}
					default:
						return new Response(`Unknown action ${action} for PUT`, { status: 400 });
				}
			case 'DELETE':
				switch (action) {
					case 'mpu-abort': {
						const uploadId = url.searchParams.get('uploadId');
						if (uploadId === null) return new Response('Missing uploadId', { status: 400 });
						const multipartUpload = env.MY_BUCKET.resumeMultipartUpload(key, uploadId);
						try {
							await multipartUpload.abort();
						} catch (error: any) {
							return new Response(error.message, { status: 400 });
						}
						return new Response(null, { status: 204 });
					}
					default:
						return new Response(`Unknown action ${action} for DELETE`, { status: 400 });
				}
			default:
				return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'PUT, POST, GET, DELETE' } });
		}
	},
} satisfies ExportedHandler<Env>;
