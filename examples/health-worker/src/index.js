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

// A HEAD answer has no body but the same headers as GET, content-length included (RFC 9110 9.3.2), so the
// length is stated from the constant body rather than left to the body that HEAD leaves out.
function answer(status, body, extraHeaders) {
  const headers = Object.freeze({ ...HEADERS, 'content-length': String(new TextEncoder().encode(body).byteLength), ...extraHeaders });
  return (isHead) => new Response(isHead ? null : body, { status, headers });
}

const ok = answer(200, OK_BODY);
const notFound = answer(404, NOT_FOUND_BODY);
const methodNotAllowed = answer(405, METHOD_NOT_ALLOWED_BODY, { allow: 'GET, HEAD' });

export default {
  fetch(request) {
    const isHead = request.method === 'HEAD';
    if (new URL(request.url).pathname !== '/health') return notFound(isHead);
    if (request.method !== 'GET' && !isHead) return methodNotAllowed(false);
    return ok(isHead);
  },
};
