import { deserialize, serialize } from 'node:v8';

/** How a message body travels: the content types the edge's producers accept. */
export type QueueContentType = 'text' | 'bytes' | 'json' | 'v8';
export const CONTENT_TYPES: readonly string[] = ['text', 'bytes', 'json', 'v8'];

/** From this compatibility date on, bodies default to `json`; before it, to `v8` (structured clone), as on the edge. */
export const JSON_MESSAGES_DATE = '2024-03-18';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The default content type for a deployment's compatibility date. */
export function defaultContentType(compatibilityDate: string): QueueContentType {
  return compatibilityDate >= JSON_MESSAGES_DATE ? 'json' : 'v8';
}

/** Turns a body into stored bytes; a body the content type cannot carry is a TypeError naming both. */
export function encodeBody(body: unknown, contentType: QueueContentType): Uint8Array {
  switch (contentType) {
    case 'text':
      if (typeof body !== 'string') throw new TypeError(`Content type "text" requires a string message body, got ${describe(body)}.`);
      return encoder.encode(body);
    case 'bytes':
      if (body instanceof ArrayBuffer) return new Uint8Array(body.slice(0));
      if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
      throw new TypeError(`Content type "bytes" requires an ArrayBuffer or a typed array message body, got ${describe(body)}.`);
    case 'json': {
      let text: string | undefined;
      try {
        text = JSON.stringify(body);
      } catch (err) {
        throw new TypeError(`Message body could not be serialized as JSON: ${(err as Error).message}`);
      }
      if (text === undefined) throw new TypeError(`Message body could not be serialized as JSON (got ${describe(body)}).`);
      return encoder.encode(text);
    }
    case 'v8':
      try {
        return new Uint8Array(serialize(body));
      } catch (err) {
        throw new TypeError(`Message body could not be serialized: ${(err as Error).message}`);
      }
  }
}

/** Turns stored bytes back into the body a consumer sees. */
export function decodeBody(bytes: Uint8Array, contentType: string): unknown {
  switch (contentType) {
    case 'text': return decoder.decode(bytes);
    case 'bytes': return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    case 'json': return JSON.parse(decoder.decode(bytes));
    case 'v8': return deserialize(bytes);
    default: throw new TypeError(`Unknown message content type "${contentType}".`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}
