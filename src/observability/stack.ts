import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/** One frame of a V8 stack, after source-map resolution. */
export interface StackFrame {
  /** The function name, when the frame has one. */
  fn?: string;
  /** The application's own path (`src/index.ts`) for its frames; as written for anything else. */
  file: string;
  line: number;
  column: number;
  /** An application frame: from the bundle and not from node_modules (SPEC-style in-app frames). */
  inApp: boolean;
}

/** A stack resolved against the version's source map: its frames, and its text with application paths. */
export interface ResolvedStack {
  frames: StackFrame[];
  /** The header line and every frame, non-application runs collapsed to one line. */
  text: string;
}

/** A frame's location at the end of its line: `:line:column`, and the `)` closing `fn (...)`. */
const FRAME_END = /:(\d+):(\d+)\)?$/;

/**
 * One line of a V8 stack as `[fn, location, line, column]`, or null: `at fn (location:line:column)` or
 * `at location:line:column`, the function name ending at the first ` (`. The stack is the application's to write
 * (`err.stack = ...`), so this is parsed in one pass: the one regex it replaced backtracked in time growing as the
 * square of the line's length (a 16 KiB line of ` (1:1:` took 300 ms of the platform's main thread per error).
 */
function parseFrame(line: string): [string | undefined, string, string, string] | null {
  const text = line.trimStart();
  if (!text.startsWith('at ')) return null;
  const rest = text.slice(3);
  const end = FRAME_END.exec(rest);
  if (!end || end.index === 0) return null;
  const head = rest.slice(0, end.index);
  // The function name is at least one character, and the location after ` (` too.
  const open = head.indexOf(' (', 1);
  if (open !== -1 && open + 2 < head.length) return [head.slice(0, open), head.slice(open + 2), end[1] as string, end[2] as string];
  return [undefined, head, end[1] as string, end[2] as string];
}

/**
 * Where a sandbox sees a version's bundle directory (src/runtime/sandbox/launcher.ts, BUNDLES_MOUNT and one slot
 * per directory): a frame from there is a frame of the bundle's directory on the host.
 */
const SANDBOX_BUNDLE_DIR = /^\/bundles\/b\d+\//;

/**
 * Resolves stacks of one version with its bundle's source map (`<bundle>.map`, written by the bundler), read
 * once on first use with @jridgewell/trace-mapping. A frame in the bundle is mapped to its source; a frame the
 * isolate already mapped (Node's own source-map support) is recognised by its source path. Frames of Ledge's
 * runtime, of Node and of node_modules are not the application's.
 */
export function createStackResolver(bundleFile: string): (stack: string) => ResolvedStack {
  let loaded: { map: TraceMap | undefined; sources: Map<string, string> } | undefined;
  const bundlePath = path.resolve(bundleFile);
  const load = () => {
    if (loaded) return loaded;
    const file = `${bundlePath}.map`;
    loaded = { map: undefined, sources: new Map() };
    if (!existsSync(file)) return loaded;
    try {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources?: string[]; sourceRoot?: string };
      const root = raw.sourceRoot ?? '';
      // Paths shown are relative to the project (the bundler writes them so, with sourceRoot pointing back to it).
      loaded.map = new TraceMap({ ...raw, sourceRoot: '' } as ConstructorParameters<typeof TraceMap>[0]);
      for (const source of raw.sources ?? []) loaded.sources.set(path.resolve(path.dirname(file), root, source), source);
    } catch {
      // A damaged map leaves stacks as they are; grouping still works on the bundle's frames.
    }
    return loaded;
  };

  return function resolveStack(stack) {
    const { map, sources } = load();
    const frames: StackFrame[] = [];
    const lines: string[] = [];
    let hidden = 0;
    const flushHidden = () => {
      if (hidden > 0) lines.push(`    at … (${hidden} frame${hidden === 1 ? '' : 's'} of the platform or libraries)`);
      hidden = 0;
    };
    for (const line of stack.split('\n')) {
      const m = parseFrame(line);
      if (!m) {
        if (frames.length === 0) lines.push(line);
        continue;
      }
      const fn = m[0]?.replace(/^async /, '');
      let file = toPath(m[1]);
      if (SANDBOX_BUNDLE_DIR.test(file)) file = path.join(path.dirname(bundlePath), file.replace(SANDBOX_BUNDLE_DIR, ''));
      let lineNo = Number(m[2]);
      let column = Number(m[3]);
      let inApp = false;
      if (file === bundlePath) {
        inApp = true;
        const pos = map ? originalPositionFor(map, { line: lineNo, column: column - 1 }) : undefined;
        if (pos?.source) {
          file = pos.source;
          lineNo = pos.line ?? lineNo;
          column = (pos.column ?? column - 1) + 1;
        } else file = path.basename(bundlePath);
      } else {
        // A frame the sandboxed isolate mapped itself names the source as it resolved there: match it by its project path.
        const source = sources.get(file) ?? [...sources.values()].find((rel) => !rel.startsWith('..') && file.endsWith(`/${rel}`));
        if (source !== undefined) {
          file = source;
          inApp = true;
        }
      }
      if (inApp && /(^|\/)node_modules\//.test(file)) inApp = false;
      const frame: StackFrame = { file, line: lineNo, column, inApp };
      if (fn) frame.fn = fn;
      frames.push(frame);
      if (!inApp) {
        hidden++;
        continue;
      }
      flushHidden();
      lines.push(`    at ${fn ? `${fn} (${file}:${lineNo}:${column})` : `${file}:${lineNo}:${column}`}`);
    }
    flushHidden();
    return { frames, text: lines.join('\n') };
  };
}

function toPath(location: string): string {
  if (location.startsWith('file://')) {
    try {
      return fileURLToPath(location);
    } catch {
      return location;
    }
  }
  return location;
}
