/**
 * `request.cf`: what the platform knows about an incoming request's connection, on the edge's field
 * names. A self-hosted platform knows the HTTP version the client spoke and the `Accept-Encoding` it
 * sent; it does not know the client's location, network (asn), the data centre, round-trip time or TLS
 * details (Ledge does not terminate TLS), so those fields are absent rather than invented
 * (docs/runtime.md). Requests the application builds itself have no `cf`, as on the edge.
 */

/** The facts the host passes with an incoming request. */
export interface IncomingRequestFacts {
  /** `HTTP/1.1`, `HTTP/1.0`, ...: absent when the request did not arrive over a connection. */
  httpProtocol?: string;
}

/** The `cf` object of an incoming request. */
export interface IncomingRequestCf {
  readonly httpProtocol?: string;
  readonly clientAcceptEncoding?: string;
}

const incoming = new WeakMap<Request, IncomingRequestFacts>();
const built = new WeakMap<Request, IncomingRequestCf>();

/** Marks a request as incoming; `request.cf` is built from these facts the first time it is read. */
export function defineRequestCf(request: Request, known: IncomingRequestFacts): void {
  incoming.set(request, known);
}

function buildCf(request: Request, known: IncomingRequestFacts): IncomingRequestCf {
  const cf: { httpProtocol?: string; clientAcceptEncoding?: string } = {};
  if (known.httpProtocol) cf.httpProtocol = known.httpProtocol;
  const acceptEncoding = request.headers.get('accept-encoding');
  if (acceptEncoding !== null) cf.clientAcceptEncoding = acceptEncoding;
  return Object.freeze(cf);
}

/** Installs the `Request.prototype.cf` getter: the incoming request's object, or undefined. */
export function installRequestCf(): void {
  Object.defineProperty(Request.prototype, 'cf', {
    configurable: true,
    enumerable: false,
    get(this: Request) {
      let cf = built.get(this);
      if (cf === undefined) {
        const known = incoming.get(this);
        if (known === undefined) return undefined;
        cf = buildCf(this, known);
        built.set(this, cf);
      }
      return cf;
    },
  });
}
