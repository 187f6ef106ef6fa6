/**
 * `ledge:email` (also imported as the original platform's `cloudflare:email`): its `EmailMessage` class.
 * Bundled into the application; see docs/runtime.md, The runtime module.
 *
 * Ledge neither sends nor receives email (SPEC: email services are out of scope; a `send_email` binding is
 * refused), so nothing on Ledge accepts an `EmailMessage`. The class is here because libraries import it at
 * their top level for an email path an application may never take (the Agents SDK's `replyToEmail`): without
 * it such a library could not be bundled at all. It holds what the original's holds; a wrong argument is a
 * TypeError naming it.
 */

/** An outgoing message: envelope sender, envelope recipient, and the raw MIME message. */
export class EmailMessage {
  readonly from: string;
  readonly to: string;
  readonly raw: ReadableStream<Uint8Array> | string;

  constructor(from: string, to: string, raw: ReadableStream<Uint8Array> | string) {
    if (typeof from !== 'string') throw new TypeError(`EmailMessage: "from" must be a string (an email address), got ${describe(from)}`);
    if (typeof to !== 'string') throw new TypeError(`EmailMessage: "to" must be a string (an email address), got ${describe(to)}`);
    if (typeof raw !== 'string' && !(raw instanceof ReadableStream)) {
      throw new TypeError(`EmailMessage: "raw" must be a string or a ReadableStream of the MIME message, got ${describe(raw)}`);
    }
    this.from = from;
    this.to = to;
    this.raw = raw;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'an object';
  return typeof value;
}
