// The import graph of src/, read with TypeScript's own parser (ts.preProcessFile: static imports, `import type`,
// re-exports and dynamic imports alike), checked against the layer table in docs/layers.json.
import path from 'node:path';
import ts from 'typescript';

/** One row of docs/layers.json. */
export interface LayerRule {
  folder: string;
  rank: number;
  never?: string[];
  onlyFrom?: string[];
}

/** One import between two files of src/, as paths relative to src/ (`storage/sqlite/kv.ts`). */
export interface ImportEdge {
  from: string;
  to: string;
}

/** The relative imports of each file (`files`: path relative to src/ → source text), resolved to files of src/. */
export function importEdges(files: ReadonlyMap<string, string>): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const [file, source] of files) {
    for (const imported of ts.preProcessFile(source, true, true).importedFiles) {
      if (!imported.fileName.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), imported.fileName)).replace(/\.js$/, '.ts');
      edges.push({ from: file, to: target });
    }
  }
  return edges;
}

/** The most specific rule for a file (`storage/sqlite/x.ts` → `storage/sqlite`). */
export function layerOf(file: string, rules: readonly LayerRule[]): LayerRule | undefined {
  return rules.filter((r) => file === r.folder || file.startsWith(`${r.folder}/`)).sort((a, b) => b.folder.length - a.folder.length)[0];
}

/** Why `edge` breaks the table, or null when it is allowed. */
export function violation(edge: ImportEdge, rules: readonly LayerRule[]): string | null {
  const from = layerOf(edge.from, rules);
  const to = layerOf(edge.to, rules);
  if (!from) return `${edge.from} is in no layer of docs/layers.json`;
  if (!to) return `${edge.to} (imported by ${edge.from}) is in no layer of docs/layers.json`;
  const top = (rule: LayerRule) => rule.folder.split('/')[0] as string;
  if (to.onlyFrom && top(from) !== top(to) && !to.onlyFrom.includes(top(from))) return `${edge.from} imports ${edge.to}: only ${to.onlyFrom.join(', ')} may import ${to.folder}`;
  if (top(from) === top(to)) return null;
  if (from.never?.includes(top(to))) return `${edge.from} imports ${edge.to}: ${from.folder} never imports ${top(to)}`;
  if (to.rank >= from.rank) return `${edge.from} imports ${edge.to}: ${from.folder} (rank ${from.rank}) may not import ${to.folder} (rank ${to.rank})`;
  return null;
}

/** The groups of files that import each other in a circle (strongly connected components of two or more files). */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Tarjan's algorithm; the graph of src/ has a few hundred files, so recursion depth is no concern.
  const visit = (file: string): void => {
    order.set(file, order.size);
    low.set(file, order.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const target of next.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, order.get(target) as number));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of next.keys()) if (!order.has(file)) visit(file);
  return cycles;
}
