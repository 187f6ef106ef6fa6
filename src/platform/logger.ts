/** One log record; `source` says who spoke (the platform, or a deployment by name). */
export interface LogRecord {
  level: 'debug' | 'info' | 'warn' | 'error';
  source: string;
  message: string;
  time: number;
  fields?: Record<string, unknown>;
}

/** Where records go: the terminal in `ledge dev`, a list in tests. */
export type LogSink = (record: LogRecord) => void;

/** A small structured logger; children share the sink and name their source. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(source: string): Logger;
  readonly sink: LogSink;
}

/** Creates a logger writing to `sink` under the name `source`. */
export function createLogger(sink: LogSink, source = 'ledge', now: () => number = Date.now): Logger {
  const emit = (level: LogRecord['level']) => (message: string, fields?: Record<string, unknown>) =>
    sink(fields === undefined ? { level, source, message, time: now() } : { level, source, message, time: now(), fields });
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (name: string) => createLogger(sink, name, now),
    sink,
  };
}

/**
 * A logger that passes every message and string field through `redact` first (a deployment's secret values, scrubbed
 * from what the platform logs of its code: console lines, exceptions), and whose children do too.
 */
export function redactingLogger(logger: Logger, redact: (text: string) => string): Logger {
  const emit = (write: (message: string, fields?: Record<string, unknown>) => void) => (message: string, fields?: Record<string, unknown>) =>
    write(redact(message), fields && Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? redact(v) : v])));
  return {
    debug: emit(logger.debug), info: emit(logger.info), warn: emit(logger.warn), error: emit(logger.error),
    child: (name: string) => redactingLogger(logger.child(name), redact),
    sink: logger.sink,
  };
}

/** A sink that prints `[source] message` lines: info to stdout, warnings and errors to stderr. */
export function createConsoleSink(options: { verbose?: boolean } = {}): LogSink {
  return function consoleSink(record) {
    if (record.level === 'debug' && !options.verbose) return;
    const extra = record.fields && Object.keys(record.fields).length > 0 ? ` ${formatFields(record.fields)}` : '';
    const line = `[${record.source}] ${record.message}${extra}\n`;
    if (record.level === 'warn' || record.level === 'error') process.stderr.write(line);
    else process.stdout.write(line);
  };
}

/** A sink that keeps records in memory, for tests and for `ledge dev` to answer questions about its own log. */
export function createMemorySink(): LogSink & { records: LogRecord[] } {
  const records: LogRecord[] = [];
  const sink = ((record: LogRecord) => { records.push(record); }) as LogSink & { records: LogRecord[] };
  sink.records = records;
  return sink;
}

function formatFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? (v.includes('\n') ? `\n${v}` : v) : JSON.stringify(v)}`)
    .join(' ');
}
