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

/** Returns the object it is given, so a subclass's private fields land on that object (the request). */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- its constructor's return value is the point
class Passthrough {
  constructor(target: object) {
    return target;
  }
}

/**
 * What the platform keeps on an incoming request, in private fields: invisible to application code (no symbol,
 * no property), and cheaper per request than a WeakMap entry (an ephemeron the collector must trace, about 0.8
 * µs a request with its garbage in a microbenchmark).
 */
class IncomingStamp extends Passthrough {
  #facts: IncomingRequestFacts;
  #cf: IncomingRequestCf | undefined;

  constructor(request: Request, facts: IncomingRequestFacts) {
    super(request);
    this.#facts = facts;
  }

  /** The request's `cf`, built once; undefined for a request the platform did not receive. */
  static cfOf(request: Request): IncomingRequestCf | undefined {
    // The getter can be called on anything (`Reflect.get(Request.prototype, 'cf', 5)`): `in` needs an object.
    if (typeof request !== 'object' || request === null) return undefined;
    const stamp = request as unknown as IncomingStamp;
    if (!(#facts in stamp)) return undefined;
    stamp.#cf ??= buildCf(request, stamp.#facts);
    return stamp.#cf;
  }
}

/** Marks a request as incoming; `request.cf` is built from these facts the first time it is read. */
export function defineRequestCf(request: Request, known: IncomingRequestFacts): void {
  new IncomingStamp(request, known);
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
      return IncomingStamp.cfOf(this);
    },
  });
}
