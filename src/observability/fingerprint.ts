import { createHash } from 'node:crypto';
import type { StackFrame } from './stack.js';

/**
 * The grouping algorithm's version, part of every fingerprint: a change to the rules below gets a new
 * version, so old and new groups never mix (retrieval-ops 6.2).
 */
export const GROUPING_VERSION = 'ledge-grouping:2026-11-23';

/** What an occurrence is grouped by, and the words people see. */
export interface Grouping {
  fingerprint: string;
  /** `stack`, `message` or `route`: which rule grouped it. */
  rule: 'stack' | 'message' | 'route';
  type: string;
  /** The innermost application frame (`explode (src/index.ts:4)`), or the route of a 5xx. */
  culprit: string;
}

/**
 * Groups an error: by its type and its innermost application frame (file and function, no line: an edit
 * above it keeps the group), so one failing function is one issue whichever route called it; without an
 * application frame, by its type and normalised message.
 */
export function groupError(type: string, message: string, frames: readonly StackFrame[]): Grouping {
  const top = frames.find((f) => f.inApp);
  if (top) {
    const fn = normaliseFunction(top.fn);
    return { rule: 'stack', type, culprit: `${fn ?? '<anonymous>'} (${top.file}:${top.line})`, fingerprint: hash(['stack', type, top.file.toLowerCase(), fn ?? '?']) };
  }
  const normalised = normaliseMessage(message);
  return { rule: 'message', type, culprit: normalised.slice(0, 120), fingerprint: hash(['message', type, normalised]) };
}

/** Groups a 5xx (or a limit) that carried no exception: by route template, status and outcome. */
export function groupRoute(method: string, url: string, status: number | undefined, outcome: string): Grouping {
  const route = `${method} ${routeTemplate(url)}`;
  const type = status === undefined ? outcome : `HTTP ${status}`;
  return { rule: 'route', type, culprit: route, fingerprint: hash(['route', route, String(status ?? ''), outcome]) };
}

/** A word of hex digits, with an optional `0x`. */
const HEX_RUN = /\b(?:0x)?[0-9a-f]+\b/gi;

/** A hex run holding both a digit and a letter (after its `0x`), so `deadbeef` and `12345678` stay words and numbers. */
function isMixedHex(run: string): boolean {
  const digits = /^0x/i.test(run) ? run.slice(2) : run;
  return /\d/.test(digits) && /[a-f]/i.test(digits);
}

/** Ids, numbers and hex runs replaced, so `user 42 not found` and `user 43 not found` are one message. */
export function normaliseMessage(message: string): string {
  return message
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    // A hex run is found whole, then checked for a digit and a letter: the one regex that required both within the
    // run backtracked in time growing as the cube of its length (a 4 KiB message of `a1a1...` took 20 s).
    .replace(HEX_RUN, (m) => (m.length >= 8 && isMixedHex(m) ? '<hex>' : m))
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** The path with ids and numbers as placeholders: `/users/42/posts` → `/users/:n/posts`. */
export function routeTemplate(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    pathname = url.split('?')[0] ?? url;
  }
  return pathname.split('/').map((segment) => {
    if (/^\d+$/.test(segment)) return ':n';
    if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)) return ':uuid';
    if (/^[0-9a-f]{16,}$/i.test(segment)) return ':hex';
    return segment;
  }).join('/');
}

/** `Object.explode` → `explode`; anonymous names count as none. */
function normaliseFunction(fn: string | undefined): string | undefined {
  if (!fn || fn === '<anonymous>' || fn === '?') return undefined;
  const last = fn.replace(/^(?:new |async )/, '').split('.').pop();
  return last && last !== '<anonymous>' ? last : undefined;
}

function hash(parts: string[]): string {
  return createHash('sha256').update([GROUPING_VERSION, ...parts].join('\u0000')).digest('hex').slice(0, 32);
}
