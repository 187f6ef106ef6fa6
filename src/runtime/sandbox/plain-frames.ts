/**
 * Batches of the request path's common messages cross an isolate's connection as JSON text rather than V8's
 * serialization (issue 13 item 8). node:v8's serializer and deserializer are driven from JavaScript (an object,
 * a header and a buffer of their own per frame, a callback per byte array) and each frame is a new external
 * buffer, which on the isolate's thread adds to the external memory that starts V8's full collections; for a
 * batch of six hello requests or responses JSON took about half the CPU each way (docs/architecture.md,
 * "Sandboxes"). Only messages whose JSON form gives back exactly the same values travel so: a message of a type
 * listed below whose fields are all strings, finite numbers (not -0), booleans, null, absent, or lists of strings.
 * Anything else (byte arrays, nested objects, errors, values application code made, big bodies) keeps V8's
 * serialization, whose frames start with its version tag (0xFF): a reader tells the two apart by the first byte.
 *
 * The reader of a JSON frame checks what it decoded exactly as it checks the rest (channel.ts): to the host it
 * is untrusted input like any frame.
 */
// Imported, never taken from the global scope: an isolate's global scope has no Buffer.
import { Buffer } from 'node:buffer';

// Taken now: in an isolate, application code may replace the globals later.
const { stringify, parse } = JSON;
const { isArray } = Array;
const { isFinite } = Number;
const ARRAY_PROTOTYPE = Array.prototype;

/** The first byte of a JSON frame's payload (`[`: a batch is a list); V8's serialization starts with 0xFF. */
export const JSON_PAYLOAD_START = 0x5b;

/** Batches holding more characters of text than this keep V8's serialization: big bodies stay on the path they were tested on. */
export const PLAIN_MAX_CHARS = 64 * 1024;

/**
 * Largest JSON payload a reader accepts (a larger one is refused like any undecodable frame), and no sender makes one.
 * JSON.parse has no depth limit: 1 MiB of nested brackets takes it about 90 ms, less than the V8 frames the channel
 * already allows (a 69 MB flat array deserializes in about 400 ms), where 20 MB of brackets would hold the host's
 * main thread for seconds. A legitimate batch (at most 64 Ki characters of text) stays far below.
 */
export const JSON_MAX_BYTES = 1024 * 1024;

/**
 * The messages that may travel as JSON: the request's own (host to isolate: its head, the end of its body,
 * credit, abort, and binding results), and the response's (isolate to host: its head, usage, done, logs).
 */
const PLAIN_TYPES: ReadonlySet<unknown> = new Set(['req', 'req-end', 'res-credit', 'abort', 'call-result', 'head', 'res-end', 'req-credit', 'usage', 'done', 'log']);

/**
 * The JSON text of a batch when every message in it survives JSON unchanged, else undefined (send it with V8's
 * serialization). Reads each message's fields once; nothing is called on them.
 */
export function plainBatchText(batch: readonly unknown[]): string | undefined {
  // A toJSON on the prototypes (application code in an isolate could add one) would change what JSON writes.
  if ('toJSON' in ARRAY_PROTOTYPE) return undefined;
  let chars = 0;
  for (let i = 0; i < batch.length; i++) {
    const message = batch[i] as Record<string, unknown> | null;
    if (typeof message !== 'object' || message === null || isArray(message) || !PLAIN_TYPES.has(message.t)) return undefined;
    for (const key in message) {
      const value = message[key];
      if (typeof value === 'string') chars += value.length;
      else if (typeof value === 'number') {
        if (!isFinite(value) || (value === 0 && 1 / value < 0)) return undefined;
      } else if (isArray(value)) {
        for (let j = 0; j < value.length; j++) {
          const item: unknown = value[j];
          if (typeof item !== 'string') return undefined;
          chars += item.length;
        }
      } else if (value !== undefined && value !== null && typeof value !== 'boolean') return undefined;
    }
    if (chars > PLAIN_MAX_CHARS) return undefined;
  }
  const text = stringify(batch);
  // UTF-8 takes at most 3 bytes per UTF-16 unit: what could pass the readers' bound goes as V8's serialization.
  return text.length * 3 > JSON_MAX_BYTES ? undefined : text;
}

/** A frame (4-byte length, then the text as UTF-8) in a buffer of its own. */
export function encodeTextFrame(text: string): Buffer {
  const length = Buffer.byteLength(text);
  const frame = Buffer.allocUnsafe(4 + length);
  frame.writeUInt32BE(length, 0);
  frame.write(text, 4, 'utf8');
  return frame;
}

/**
 * Writes a text frame into `target` (a buffer its owner reuses) and returns its length in bytes, or -1 when it
 * might not fit (then `encodeTextFrame` makes one).
 */
export function writeTextFrame(text: string, target: Buffer): number {
  // UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (4 + text.length * 3 > target.byteLength) return -1;
  const length = target.write(text, 4, 'utf8');
  target.writeUInt32BE(length, 0);
  return 4 + length;
}

/** Decodes a JSON payload: the values own their memory (nothing refers to the payload's bytes). Throws on bad JSON, or past JSON_MAX_BYTES. */
export function decodeJsonPayload(payload: Buffer): unknown {
  if (payload.byteLength > JSON_MAX_BYTES) throw new Error(`a JSON frame of ${payload.byteLength} bytes is over the limit of ${JSON_MAX_BYTES}`);
  return parse(payload.toString('utf8'));
}
