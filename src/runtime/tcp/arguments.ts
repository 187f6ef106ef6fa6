/**
 * The arguments of `connect(address, options)`, checked as the original platform checks them: a TypeError
 * with its text, thrown before any socket exists (docs/runtime.md, "Outbound TCP").
 */
import type { SecureTransport } from './protocol.js';

/** `"host:port"` (port 443 when absent, as the original) or `{ hostname, port }`; errors are the original's. */
export function parseAddress(address: unknown): { hostname: string; port: number } {
  let hostname: string;
  let port: number;
  let text: string;
  if (typeof address === 'string') {
    let url: URL;
    try {
      url = new URL(`https://${address}`);
    } catch {
      throw new TypeError('Specified address could not be parsed.');
    }
    if (url.hostname === '') throw new TypeError('Specified address is missing hostname.');
    hostname = url.hostname;
    port = url.port === '' ? 443 : Number(url.port);
    text = address;
  } else if (typeof address === 'object' && address !== null) {
    const record = address as { hostname?: unknown; port?: unknown };
    if (typeof record.hostname !== 'string') throw new TypeError('connect(): the address needs a string hostname ({ hostname, port })');
    if (record.hostname === '') throw new TypeError('Specified address is missing hostname.');
    const value = typeof record.port === 'string' && /^\d+$/.test(record.port) ? Number(record.port) : record.port;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535) throw new TypeError('connect(): the address needs a port from 0 to 65535 ({ hostname, port })');
    hostname = record.hostname;
    port = value;
    text = `${hostname}:${port}`;
  } else {
    throw new TypeError('connect(): the address must be a string ("host:port") or an object ({ hostname, port })');
  }
  if (text.length === 0 || text.length > 255 || !/^[A-Za-z0-9\-._[\]:]+$/.test(text)) {
    throw new TypeError('Specified address is empty string, contains unsupported characters or is too long.');
  }
  return { hostname: hostname.replace(/^\[|\]$/g, ''), port };
}

export function parseOptions(options: unknown): { secureTransport: SecureTransport; allowHalfOpen: boolean } {
  if (options === undefined || options === null) return { secureTransport: 'off', allowHalfOpen: false };
  if (typeof options !== 'object') throw new TypeError('connect(): options must be an object');
  const { secureTransport = 'off', allowHalfOpen = false } = options as { secureTransport?: unknown; allowHalfOpen?: unknown };
  if (secureTransport !== 'off' && secureTransport !== 'on' && secureTransport !== 'starttls') {
    throw new TypeError(`Unsupported value in secureTransport socket option: ${String(secureTransport)}`);
  }
  return { secureTransport, allowHalfOpen: Boolean(allowHalfOpen) };
}
