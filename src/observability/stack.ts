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

const FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

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
      const m = FRAME.exec(line);
      if (!m) {
        if (frames.length === 0) lines.push(line);
        continue;
      }
      const fn = m[1]?.replace(/^async /, '');
      let file = toPath(m[2] as string);
      let lineNo = Number(m[3]);
      let column = Number(m[4]);
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
        const source = sources.get(file);
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
