/**
 * The props of a loopback stub (`exports.Greeter({ props })`, docs/runtime.md `exports`): checked and copied when
 * the stub is made, as the original does, so the callee's `ctx.props` is a structured clone of what the caller gave
 * then. Loaded by the isolate; the host checks them again (loopback-protocol.ts), since an isolate may lie.
 */

/** The props a stub made by `what(options)` carries: a structured clone of `options.props` (none: `{}`). */
export function propsOfOptions(options: unknown, what: string): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${what}(options): options must be an object such as { props: { ... } }, not ${describe(options)}`);
  }
  const props = (options as { props?: unknown }).props;
  if (props === undefined) return {};
  if (typeof props !== 'object' || props === null || Array.isArray(props)) {
    throw new TypeError(`${what}({ props }): props must be an object, not ${describe(props)}`);
  }
  try {
    return structuredClone(props) as Record<string, unknown>;
  } catch (err) {
    const found = unclonable(props, 'props', new Set());
    const where = found ? `${found.path} is ${found.what}, which` : `props (${(err as Error).message})`;
    throw new TypeError(`${what}({ props }): ${where} cannot be serialised; props are copied to the callee as structured clone copies values (plain data, Date, Map, ArrayBuffer, ...)`);
  }
}

/** The first value under `value` that structured clone refuses, with its path, walking plain objects, arrays, maps and sets. */
function unclonable(value: unknown, path: string, seen: Set<object>): { path: string; what: string } | undefined {
  if (typeof value === 'function' || typeof value === 'symbol') return { path, what: describe(value) };
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined;
  seen.add(value);
  const children: [string, unknown][] = value instanceof Map ? [...value].map(([k, v], i) => [`${path}.get(${keyText(k, i)})`, v])
    : value instanceof Set ? [...value].map((v, i) => [`${path} (set member ${i})`, v])
    : Object.keys(value).map((k) => [Array.isArray(value) ? `${path}[${k}]` : `${path}${/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`}`, (value as Record<string, unknown>)[k]]);
  for (const [childPath, child] of children) {
    const inner = unclonable(child, childPath, seen);
    if (inner) return inner;
  }
  // Nothing below it is refused: the value itself is (a Promise, a WeakMap, a stream, a platform object).
  try {
    structuredClone(value);
    return undefined;
  } catch {
    return { path, what: describe(value) };
  }
}

function keyText(key: unknown, index: number): string {
  return typeof key === 'string' ? JSON.stringify(key) : typeof key === 'number' ? String(key) : `key ${index}`;
}

/** A value named for an error message, never its contents (a prop may hold a secret). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'function': return 'a function';
    case 'symbol': return 'a symbol';
    case 'object': {
      const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === 'string' && name && name !== 'Object' ? `a ${name}` : 'an object';
    }
    default: return `a ${typeof value}`;
  }
}
