/** An object whose storage calls can be made endless (docs/bindings/coordination.md, Time limit of storage calls), for the time-limit tests. */
export const ENDLESS_CTE = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';
// 1000 rows joined with themselves four times: 10^12 rows to count, endless in practice.
export const ENDLESS_JOIN = 'SELECT count(*) AS n FROM big a, big b, big c, big d';
/** What the application sees when a storage call ran past a limit of `seconds`. */
export const limitMessage = (seconds: number) => `Error: the query ran longer than ${seconds} s, the time limit of one storage call of a coordination object, and was stopped; nothing it did was kept (a transaction it was in was rolled back) and the object was reset`;

export const APP = `import { DurableObject } from 'cloudflare:workers';
export class Counter extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    this.instance = crypto.randomUUID();
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS t (k TEXT PRIMARY KEY); CREATE TABLE IF NOT EXISTS big (v INTEGER); CREATE TABLE IF NOT EXISTS incs (n INTEGER PRIMARY KEY, k TEXT UNIQUE)');
  }
  async fetch(request) {
    const url = new URL(request.url);
    const sql = this.ctx.storage.sql;
    const k = url.searchParams.get('k');
    try {
      switch (url.pathname) {
        case '/setup':
          if (sql.exec('SELECT count(*) AS n FROM big').one().n === 0) sql.exec('INSERT INTO big SELECT x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT x FROM c)');
          return Response.json('ready');
        case '/add': sql.exec('INSERT INTO t (k) VALUES (?)', k); return Response.json('stored ' + k);
        case '/state': return Response.json({ rows: sql.exec('SELECT k FROM t ORDER BY k').toArray().map((r) => r.k), kv: this.ctx.storage.kv.get('txn') ?? null, instance: this.instance });
        case '/cte': return Response.json(sql.exec(${JSON.stringify(ENDLESS_CTE)}).one());
        case '/join': return Response.json(sql.exec(${JSON.stringify(ENDLESS_JOIN)}).one());
        case '/txn': return Response.json(this.ctx.storage.transactionSync(() => {
          sql.exec("INSERT INTO t (k) VALUES ('in-txn')");
          this.ctx.storage.kv.put('txn', 'kept?');
          return sql.exec(${JSON.stringify(ENDLESS_CTE)}).one();
        }));
        case '/inc': return Response.json(this.ctx.storage.transactionSync(() => {
          const n = (this.ctx.storage.kv.get('n') ?? 0) + 1;
          this.ctx.storage.kv.put('n', n);
          sql.exec('INSERT INTO incs (n, k) VALUES (?, ?)', n, k);
          return n;
        }));
        case '/incs': return Response.json({ n: this.ctx.storage.kv.get('n') ?? 0, rows: sql.exec('SELECT n, k FROM incs ORDER BY n').toArray() });
        default: return Response.json('object ok');
      }
    } catch (err) {
      return Response.json({ error: err.name + ': ' + err.message }, { status: 500 });
    }
  }
}
export default { async fetch(request, env) {
  const url = new URL(request.url);
  if (url.pathname === '/plain') return new Response('plain ok');
  if (url.pathname === '/sql') return Response.json(await env.DB.prepare('SELECT 41 + 1 AS n').first('n'));
  const stub = env.COUNTER.get(env.COUNTER.idFromName(url.searchParams.get('o') ?? 'main'));
  return stub.fetch(request);
} };`;

export const CONFIG = {
  durable_objects: { bindings: [{ name: 'COUNTER', class_name: 'Counter' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Counter'] }],
};

