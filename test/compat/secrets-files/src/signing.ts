import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** `<expires>.<base64url HMAC-SHA256 of "key:expires">`: a link that stops working at `expires`. */
export function sign(key: string, secret: string, expires: number): string {
  const mac = createHmac('sha256', secret).update(`${key}:${expires}`).digest();
  return `${expires}.${Buffer.from(mac).toString('base64url')}`;
}

export function verify(key: string, secret: string, token: string, now: number): 'ok' | 'expired' | 'bad' {
  const [expiresText, macText] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || !macText) return 'bad';
  const expected = createHmac('sha256', secret).update(`${key}:${expires}`).digest();
  const given = Buffer.from(macText, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad';
  return expires < now ? 'expired' : 'ok';
}
