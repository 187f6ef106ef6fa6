import type { VectorMetric } from '../../storage/vectors.js';

/**
 * Scores as the original reports them (reference: retrieval-ops.md 1.1, docs/bindings/vectors.md): cosine is the
 * cosine similarity (-1 to 1, higher is closer), euclidean the L2 distance (0 is identical, lower is closer),
 * dot-product the negated dot product (lower is closer).
 */
export function score(metric: VectorMetric, query: Float32Array, queryNorm: number, values: Float32Array): number {
  let dot = 0;
  if (metric === 'euclidean') {
    for (let i = 0; i < query.length; i++) {
      const d = (query[i] as number) - (values[i] as number);
      dot += d * d;
    }
    return Math.sqrt(dot);
  }
  let norm = 0;
  for (let i = 0; i < query.length; i++) {
    const v = values[i] as number;
    dot += (query[i] as number) * v;
    norm += v * v;
  }
  if (metric === 'dot-product') return dot === 0 ? 0 : -dot;
  // A zero vector has no direction: it is orthogonal to everything.
  return queryNorm === 0 || norm === 0 ? 0 : dot / (queryNorm * Math.sqrt(norm));
}

/** The Euclidean norm of a vector. */
export function norm(values: Float32Array): number {
  let sum = 0;
  for (const v of values) sum += v * v;
  return Math.sqrt(sum);
}

/** True when `a` ranks before `b`: higher first for cosine, lower first for the distances; ties by id, for a stable order. */
function before(metric: VectorMetric, a: { score: number; id: string }, b: { score: number; id: string }): boolean {
  if (a.score !== b.score) return metric === 'cosine' ? a.score > b.score : a.score < b.score;
  return a.id < b.id;
}

/** The best `k` of what it is offered, kept sorted: exact search needs no more than one pass. */
export class TopK<T extends { score: number; id: string }> {
  readonly items: T[] = [];

  constructor(readonly metric: VectorMetric, readonly k: number) {}

  offer(item: T): void {
    const items = this.items;
    if (items.length === this.k && !before(this.metric, item, items[items.length - 1] as T)) return;
    let i = items.length;
    while (i > 0 && before(this.metric, item, items[i - 1] as T)) i--;
    items.splice(i, 0, item);
    if (items.length > this.k) items.pop();
  }
}
