// A response whose status depends on `Origin` and `Sec-Fetch-Site` must say so, or a shared cache could
// serve one origin's answer to another (reference identity.md 4.1 and 6.5 item 10).

/** The request headers the CSRF guard's decision depends on. */
export const CSRF_VARY = 'Origin, Sec-Fetch-Site';

/** Adds `Origin` and `Sec-Fetch-Site` to the response's `Vary` (keeping what is there); copies the response if its headers are immutable. */
export function withCsrfVary(response: Response): Response {
  const current = response.headers.get('vary');
  const listed = (current ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  const lower = new Set(listed.map((v) => v.toLowerCase()));
  if (lower.has('*')) return response;
  const missing = CSRF_VARY.split(', ').filter((name) => !lower.has(name.toLowerCase()));
  if (missing.length === 0) return response;
  const value = [...listed, ...missing].join(', ');
  try {
    response.headers.set('vary', value);
    return response;
  } catch {
    // A Response from fetch() has immutable headers: answer with a copy that shares the body stream.
    const copy = new Response(response.body, response);
    copy.headers.set('vary', value);
    return copy;
  }
}
