import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { WorkerQueue } from '../../bindings/queues/binding.js';
import type { QueueContentType } from '../../bindings/queues/codec.js';
import { QUEUE_NAME, type ConsumerConfig } from '../../bindings/queues/schema.js';
import type { QueuesProtocol } from '../../bindings/queues/protocol.js';
import { typedCall } from '../../bindings/protocol.js';
import type { DeadMessage, QueueStats } from '../../dev/local-platform.js';
import { SYSTEM_CLOCK } from '../../platform/clock.js';
import { LedgeError } from '../../platform/errors.js';
import { parseInteger } from '../options.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';

/** The content types a person can send from the command line (`v8` needs a JavaScript value, not text). */
const CLI_CONTENT_TYPES = ['text', 'json', 'bytes'] as const;
/** Units of the consumer settings `inspect` prints. */
const UNITS: Readonly<Record<string, string>> = { max_batch_timeout: 's', retry_delay: 's', visibility_timeout_ms: ' ms' };
/** Characters of a body shown by `dead list`. */
const PREVIEW_CHARS = 80;

const QUEUE_ARGUMENT = 'queue name (lowercase letters, digits, - and _)';

const out = (text: string) => process.stdout.write(text);
const decoder = new TextDecoder();

/** A queue name from the command line, checked against the rule the configuration uses. */
function queueName(name: string): string {
  const checked = QUEUE_NAME.safeParse(name);
  if (!checked.success) throw new LedgeError('bad_argument', `queue name "${name}": ${checked.error.issues[0]?.message ?? 'invalid'}`);
  return name;
}

/** Stats as scripts read them: times in epoch milliseconds, the oldest message's age beside its time. */
function statsJson(queue: string, stats: QueueStats, now: number): Record<string, unknown> {
  return { queue, ...stats, oldestAgeMs: stats.oldestTimestamp === null ? null : Math.max(0, now - stats.oldestTimestamp) };
}

/** A consumer's settings under their ledge.jsonc names, defaults applied. */
function consumerSettings(c: ConsumerConfig): Record<string, unknown> {
  return {
    type: c.type,
    max_batch_size: c.maxBatchSize,
    max_batch_timeout: c.maxBatchTimeoutMs / 1000,
    max_retries: c.maxRetries,
    retry_delay: c.retryDelaySeconds,
    dead_letter_queue: c.deadLetterQueue,
    max_concurrency: c.maxConcurrency,
    visibility_timeout_ms: c.visibilityTimeoutMs,
  };
}

/** An age for people: `42s`, `5m 3s`, `2h 10m`, `3d 4h`. */
function formatAge(ms: number): string {
  const s = Math.floor(Math.max(0, ms) / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** Rows as left-aligned columns separated by two spaces. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [header, ...rows].map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd()).join('\n') + '\n';
}

/** One line of a dead message's body: text and JSON decoded and cut to PREVIEW_CHARS, other types by size. */
function preview(m: DeadMessage): string {
  if (m.contentType !== 'text' && m.contentType !== 'json') return `<${m.body.byteLength} bytes>`;
  const text = decoder.decode(m.body).replace(/[\r\n\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** A dead message for scripts: the whole body, as text for text and JSON, base64 otherwise. */
function deadJson(m: DeadMessage): Record<string, unknown> {
  const body = m.contentType === 'text' || m.contentType === 'json'
    ? { body: decoder.decode(m.body) }
    : { bodyBase64: Buffer.from(m.body.buffer, m.body.byteOffset, m.body.byteLength).toString('base64') };
  return { id: m.id, timestamp: m.timestamp, attempts: m.attempts, diedAt: m.diedAt, contentType: m.contentType, size: m.body.byteLength, ...body };
}

/** The body to send and its content type, from the argument or `--path`; JSON is checked here so the error names the option. */
function messageBody(value: string | undefined, opts: { path?: string; contentType?: string }): { body: unknown; contentType: QueueContentType } {
  if (value === undefined && opts.path === undefined) throw new LedgeError('bad_argument', 'missing the message body: give it as an argument or with --path FILE');
  if (value !== undefined && opts.path !== undefined) throw new LedgeError('bad_argument', 'give the message body as an argument or with --path, not both');
  const contentType = opts.contentType ?? (opts.path !== undefined ? 'bytes' : 'text');
  if (!(CLI_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new LedgeError('bad_argument', `--content-type: expected text, json or bytes, got "${contentType}"`);
  }
  let raw: Buffer | string;
  if (opts.path !== undefined) {
    try {
      raw = readFileSync(opts.path);
    } catch (err) {
      throw new LedgeError('bad_argument', `--path: cannot read "${opts.path}" (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  } else {
    raw = value as string;
  }
  switch (contentType) {
    case 'bytes':
      return { body: typeof raw === 'string' ? new TextEncoder().encode(raw) : raw, contentType };
    case 'text':
      return { body: raw.toString(), contentType };
    default:
      try {
        return { body: JSON.parse(raw.toString()), contentType: 'json' };
      } catch (err) {
        throw new LedgeError('bad_argument', `--content-type json: the body is not valid JSON (${(err as Error).message})`);
      }
  }
}

type DeadOptions = LocalOptions & { id?: string[] };

/** `ledge queues list|send|inspect|dead ...`: the durable queues of a project's local state. */
export function registerQueues(program: Command): void {
  const queues = program.command('queues').description("inspect a project's local queues, send to them, and handle dead messages");

  localOptions(queues.command('list').description('every queue the configuration names or the local state holds, with its counts'))
    .action((opts: LocalOptions) => withLocalPlatform(opts, async (platform) => {
      const now = SYSTEM_CLOCK.now();
      const rows: { queue: string; stats: QueueStats; consumer: string | null }[] = [];
      for (const queue of await platform.queues.known()) {
        const consumer = platform.queues.consumers.find((c) => c.queue === queue);
        rows.push({ queue, stats: await platform.queues.stats(queue), consumer: consumer?.type ?? null });
      }
      if (opts.json) return printJson(rows.map((r) => ({ ...statsJson(r.queue, r.stats, now), consumer: r.consumer })));
      if (!rows.length) return void out('no queues: the configuration names none and the local state holds none\n');
      out(table(['QUEUE', 'BACKLOG', 'READY', 'IN FLIGHT', 'DELAYED', 'DEAD', 'OLDEST', 'CONSUMER'], rows.map(({ queue, stats: s, consumer }) => [
        queue, String(s.backlog), String(s.ready), String(s.inFlight), String(s.delayed), String(s.dead),
        s.oldestTimestamp === null ? '-' : formatAge(now - s.oldestTimestamp), consumer ?? '-',
      ])));
    }));

  localOptions(queues.command('send').description('send one message, with the checks and limits of a producer binding').argument('<queue>', QUEUE_ARGUMENT).argument('[body]', 'the message body (or use --path)'))
    .option('--path <file>', 'read the body from a file')
    .option('--content-type <type>', 'text, json (the body must parse as JSON) or bytes (default: text for an argument, bytes for --path)')
    .option('--delay <seconds>', "seconds before delivery (default: the queue's producer delivery_delay, else 0)", (v: string) => parseInteger('--delay', v))
    .action((name: string, value: string | undefined, opts: LocalOptions & { path?: string; contentType?: string; delay?: number }) => {
      const queue = queueName(name);
      const { body, contentType } = messageBody(value, opts);
      return withLocalPlatform(opts, async (platform) => {
        const service = platform.queues.producer(queue);
        const producerObject = new WorkerQueue(typedCall<QueuesProtocol>((method, args) => service.call(method, args)), { compatibilityDate: platform.config.compatibility_date });
        const { metadata: { metrics } } = await producerObject.send(body, { contentType, delaySeconds: opts.delay }).catch((err: unknown) => {
          // The binding's own range check, worded for the option a person typed.
          const delay = err instanceof TypeError ? /^send: delaySeconds (.*)$/.exec(err.message) : null;
          throw delay ? new LedgeError('bad_argument', `--delay: ${delay[1]}`) : err;
        });
        if (opts.json) printJson({ queue, sent: 1, contentType, backlog: metrics.backlogCount, backlogBytes: metrics.backlogBytes });
        else out(`sent 1 message to ${queue} (backlog: ${metrics.backlogCount} message(s), ${metrics.backlogBytes} bytes)\n`);
      });
    });

  localOptions(queues.command('inspect').description("a queue's counts and, if configured, its consumer settings").argument('<queue>', QUEUE_ARGUMENT))
    .action((name: string, opts: LocalOptions) => {
      const queue = queueName(name);
      return withLocalPlatform(opts, async (platform) => {
        const now = SYSTEM_CLOCK.now();
        const stats = await platform.queues.stats(queue);
        const consumer = platform.queues.consumers.find((c) => c.queue === queue);
        const producers = platform.queues.producers.filter((p) => p.queue === queue).map((p) => ({ binding: p.binding, delivery_delay: p.delivery_delay ?? 0 }));
        const deadLetterFor = platform.queues.consumers.filter((c) => c.deadLetterQueue === queue).map((c) => c.queue);
        if (opts.json) return printJson({ ...statsJson(queue, stats, now), consumer: consumer ? consumerSettings(consumer) : null, producers, deadLetterFor });
        const lines: [string, string][] = [
          ['backlog', `${stats.backlog} message(s), ${stats.backlogBytes} bytes`],
          ['ready', String(stats.ready)],
          ['in flight', String(stats.inFlight)],
          ['delayed', String(stats.delayed)],
          ['dead', String(stats.dead)],
          ['oldest', stats.oldestTimestamp === null ? '-' : `${new Date(stats.oldestTimestamp).toISOString()} (${formatAge(now - stats.oldestTimestamp)} ago)`],
          ['producers', producers.length ? producers.map((p) => `${p.binding} (delivery_delay ${p.delivery_delay}s)`).join(', ') : '-'],
        ];
        if (deadLetterFor.length) lines.push(['dead-letter queue of', deadLetterFor.join(', ')]);
        if (consumer) for (const [key, setting] of Object.entries(consumerSettings(consumer))) lines.push([`consumer ${key}`, setting === null ? '-' : `${String(setting)}${UNITS[key] ?? ''}`]);
        else lines.push(['consumer', '-']);
        const width = Math.max(...lines.map(([k]) => k.length));
        out(`queue ${queue}\n${lines.map(([k, v]) => `  ${k.padEnd(width)}  ${v}\n`).join('')}`);
      });
    });

  const dead = queues.command('dead').description('messages that used up their retries without a dead_letter_queue');

  localOptions(dead.command('list').description('list the dead messages of a queue, oldest first').argument('<queue>', QUEUE_ARGUMENT))
    .option('--limit <n>', 'at most this many (default: 100)', (v: string) => parseInteger('--limit', v))
    .action((name: string, opts: LocalOptions & { limit?: number }) => {
      const queue = queueName(name);
      const limit = opts.limit ?? 100;
      if (limit < 1) throw new LedgeError('bad_argument', `--limit: expected a positive integer, got ${limit}`);
      return withLocalPlatform(opts, async (platform) => {
        const messages = await platform.queues.listDead(queue, limit);
        if (opts.json) return printJson(messages.map(deadJson));
        if (!messages.length) return void out(`no dead messages in ${queue}\n`);
        const iso = (t: number) => new Date(t).toISOString();
        out(table(['ID', 'SENT', 'ATTEMPTS', 'DIED', 'TYPE', 'BODY'], messages.map((m) => [m.id, iso(m.timestamp), String(m.attempts), iso(m.diedAt), m.contentType, preview(m)])));
        const total = (await platform.queues.stats(queue)).dead;
        if (total > messages.length) out(`(${messages.length} of ${total} dead messages shown; see more with --limit)\n`);
      });
    });

  localOptions(dead.command('replay').description('make dead messages ready again with fresh attempts (all, or those named with --id)').argument('<queue>', QUEUE_ARGUMENT))
    .option('--id <id...>', 'only these message ids')
    .action((name: string, opts: DeadOptions) => {
      const queue = queueName(name);
      return withLocalPlatform(opts, async (platform) => {
        const replayed = await platform.queues.replayDead(queue, opts.id ?? null);
        if (opts.json) printJson({ queue, replayed });
        else out(`replayed ${replayed} dead message(s) of ${queue}${opts.id ? ` (${opts.id.length} id(s) given)` : ''}\n`);
      });
    });

  localOptions(dead.command('purge').description('delete dead messages (those named with --id, or all with --yes)').argument('<queue>', QUEUE_ARGUMENT))
    .option('--id <id...>', 'only these message ids')
    .option('--yes', 'confirm deleting every dead message of the queue when no --id is given')
    .action((name: string, opts: DeadOptions & { yes?: boolean }) => {
      const queue = queueName(name);
      if (!opts.id && !opts.yes) throw new LedgeError('bad_argument', `refusing to purge every dead message of ${queue} without --yes (or name the messages with --id)`);
      return withLocalPlatform(opts, async (platform) => {
        const purged = await platform.queues.purgeDead(queue, opts.id ?? null);
        if (opts.json) printJson({ queue, purged });
        else out(`purged ${purged} dead message(s) of ${queue}${opts.id ? ` (${opts.id.length} id(s) given)` : ''}\n`);
      });
    });
}
