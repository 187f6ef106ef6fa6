// The health-check function (SPEC: Endpoints, Health-check function; Resources, Health response;
// Errors, Health function errors). The path is checked first, then the method. Responses are built
// only from constants: nothing from the request, the environment or the host is ever echoed.

export const SCHEMA = 'health/1';

export const HEADERS = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

const OK_BODY = JSON.stringify({ ok: true, schema: SCHEMA });
const NOT_FOUND_BODY = JSON.stringify({ error: 'not_found' });
const METHOD_NOT_ALLOWED_BODY = JSON.stringify({ error: 'method_not_allowed' });

function respond(status, body, extraHeaders) {
  return new Response(body, { status, headers: extraHeaders ? { ...HEADERS, ...extraHeaders } : HEADERS });
}

export default {
  fetch(request) {
    const isHead = request.method === 'HEAD';
    if (new URL(request.url).pathname !== '/health') return respond(404, isHead ? null : NOT_FOUND_BODY);
    if (request.method !== 'GET' && !isHead) return respond(405, METHOD_NOT_ALLOWED_BODY, { allow: 'GET, HEAD' });
    return respond(200, isHead ? null : OK_BODY);
  },
};
