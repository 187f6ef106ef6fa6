/** An object using the synchronous storage API (docs/bindings/coordination.md, "SQL and synchronous storage"), for the SQL tests. */
export const SQL_APP = `
import { DurableObject } from 'cloudflare:workers';
const attempt = (fn) => { try { return { value: fn() }; } catch (e) { return { error: e.name + ': ' + e.message }; } };
export class Notes extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    // Synchronous in the constructor, as applications do their schema.
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT, data BLOB, score REAL)');
  }
  cursor() {
    const sql = this.ctx.storage.sql;
    const out = {};
    const insert = sql.exec('INSERT INTO notes (body, data, score) VALUES (?, ?, ?), (?, ?, ?)', 'first', new Uint8Array([1, 2, 3]), 1.5, 'second', null, 2);
    out.inserted = { rowsWritten: insert.rowsWritten, rows: insert.toArray() };
    const select = sql.exec('SELECT id, body, data, score FROM notes ORDER BY id');
    out.columnNames = select.columnNames;
    const first = select.next();
    out.first = { done: first.done, id: first.value.id, body: first.value.body, blob: first.value.data instanceof ArrayBuffer ? [...new Uint8Array(first.value.data)] : String(first.value.data) };
    out.rest = select.toArray();
    out.after = select.next();
    out.rowsRead = select.rowsRead;
    out.raw = sql.exec('SELECT body, score FROM notes ORDER BY id').raw().toArray();
    out.iterated = [...sql.exec('SELECT body FROM notes ORDER BY id')].map((r) => r.body);
    out.one = sql.exec('SELECT count(*) AS n FROM notes').one();
    out.none = attempt(() => sql.exec('SELECT * FROM notes WHERE id = ?', 99).one());
    out.many = attempt(() => sql.exec('SELECT * FROM notes').one());
    out.begin = attempt(() => sql.exec('BEGIN TRANSACTION'));
    out.savepoint = attempt(() => sql.exec('SAVEPOINT a'));
    out.reserved = attempt(() => sql.exec('SELECT * FROM _cf_KV'));
    out.syntax = attempt(() => sql.exec('SELEKT 1'));
    out.badBinding = attempt(() => sql.exec('SELECT ?', { no: 1 }));
    out.badQuery = attempt(() => sql.exec(42));
    out.size = sql.databaseSize > 0;
    out.proto = sql.exec('SELECT 1 AS __proto__').one().__proto__;
    return out;
  }
  transactions() {
    const { sql } = this.ctx.storage;
    sql.exec('CREATE TABLE IF NOT EXISTS t (v)');
    const out = {};
    out.committed = this.ctx.storage.transactionSync(() => { sql.exec('INSERT INTO t VALUES (1)'); this.ctx.storage.kv.put('in-txn', 'kept'); return 'returned'; });
    out.thrown = attempt(() => this.ctx.storage.transactionSync(() => { sql.exec('INSERT INTO t VALUES (2)'); this.ctx.storage.kv.put('rolled', 'back'); throw new RangeError('undo'); }));
    out.nested = this.ctx.storage.transactionSync(() => {
      sql.exec('INSERT INTO t VALUES (3)');
      const inner = attempt(() => this.ctx.storage.transactionSync(() => { sql.exec('INSERT INTO t VALUES (4)'); throw new Error('inner'); }));
      return inner.error;
    });
    out.rows = sql.exec('SELECT v FROM t ORDER BY v').raw().toArray().map((r) => r[0]);
    out.kept = this.ctx.storage.kv.get('in-txn');
    out.rolled = this.ctx.storage.kv.get('rolled') ?? null;
    out.notFn = attempt(() => this.ctx.storage.transactionSync('nope'));
    return out;
  }
  async kv() {
    const { kv } = this.ctx.storage;
    const out = {};
    // Queued by the asynchronous API, not awaited: the synchronous API sees it.
    this.ctx.storage.put('async', { from: 'async' });
    out.seenSync = kv.get('async');
    out.listed = [...kv.list()].map(([k]) => k);
    kv.put('sync', [1, 2, 3]);
    out.seenAsync = await this.ctx.storage.get('sync');
    kv.put('b', 2); kv.put('a', 1); kv.put('c', 3);
    out.prefix = [...kv.list({ start: 'a', end: 'c' })];
    out.reverse = [...kv.list({ reverse: true, limit: 2 })].map(([k]) => k);
    out.deleted = kv.delete('b');
    out.deletedAgain = kv.delete('b');
    out.gone = kv.get('b') ?? null;
    out.asyncGone = (await this.ctx.storage.get('b')) ?? null;
    out.undefinedValue = attempt(() => kv.put('x', undefined));
    out.badLimit = attempt(() => kv.list({ limit: 0 }));
    out.bigKey = attempt(() => kv.put('k'.repeat(2049), 1));
    out.bigValue = attempt(() => kv.put('big', 'v'.repeat(2_000_000)));
    out.bigGone = kv.get('big') ?? null;
    return out;
  }
  async bookmarks() {
    const { sql } = this.ctx.storage;
    sql.exec('CREATE TABLE IF NOT EXISTS log (x)');
    sql.exec('INSERT INTO log VALUES (?)', 'before');
    const mark = await this.ctx.storage.getCurrentBookmark();
    sql.exec('INSERT INTO log VALUES (?)', 'after');
    const forTime = await this.ctx.storage.getBookmarkForTime(new Date());
    const undo = await this.ctx.storage.onNextSessionRestoreBookmark(mark);
    this.ctx.abort('restart for the restore');
    return { mark: typeof mark, ordered: mark <= forTime, undo: typeof undo, rowsBefore: sql.exec('SELECT x FROM log ORDER BY rowid').raw().toArray().flat() };
  }
  async badBookmark() {
    const out = [];
    for (const b of ['not-a-bookmark', 42]) { try { await this.ctx.storage.onNextSessionRestoreBookmark(b); out.push('accepted'); } catch (e) { out.push(e.name + ': ' + e.message); } }
    try { await this.ctx.storage.getBookmarkForTime('yesterday'); } catch (e) { out.push(e.name + ': ' + e.message); }
    return out;
  }
  log() { return this.ctx.storage.sql.exec('SELECT x FROM log ORDER BY rowid').raw().toArray().flat(); }
  write(n) {
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS rows (n INTEGER PRIMARY KEY)');
    return this.ctx.storage.sql.exec('INSERT INTO rows (n) VALUES (?) RETURNING n', n).one().n;
  }
  count() { return this.ctx.storage.sql.exec('SELECT count(*) AS n FROM rows').one().n; }
  /** Inside a transaction, sync calls forever: the CPU limit stops the isolate; the transaction must not survive it. */
  stuck() {
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS rows (n INTEGER PRIMARY KEY)');
    this.ctx.storage.transactionSync(() => {
      this.ctx.storage.sql.exec('INSERT INTO rows (n) VALUES (-1)');
      for (;;) this.ctx.storage.sql.exec('SELECT count(*) FROM rows').one();
    });
  }
  has(n) { return this.ctx.storage.sql.exec('SELECT count(*) AS c FROM rows WHERE n = ?', n).one().c; }
  spin(ms) { const end = Date.now() + ms; let n = 0; while (Date.now() < end) n += this.ctx.storage.sql.exec('SELECT 1 AS one').one().one; return n; }
}
export class Legacy extends DurableObject {
  probe() {
    const out = {};
    for (const [name, fn] of [['sql', () => this.ctx.storage.sql], ['kv', () => this.ctx.storage.kv], ['txn', () => this.ctx.storage.transactionSync(() => 1)]]) {
      try { fn(); out[name] = 'allowed'; } catch (e) { out[name] = e.message; }
    }
    return out;
  }
}
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const name = url.searchParams.get('name') ?? 'main';
    const method = url.pathname.slice(1);
    try {
      if (method === 'legacy') return Response.json(await env.LEGACY.getByName(name).probe());
      const arg = url.searchParams.get('arg');
      return Response.json(await env.NOTES.getByName(name)[method](arg === null ? undefined : Number(arg)));
    } catch (e) {
      return Response.json({ thrown: e.name + ': ' + e.message }, { status: 500 });
    }
  },
};`;

export const SQL_CONFIG = {
  durable_objects: { bindings: [{ name: 'NOTES', class_name: 'Notes' }, { name: 'LEGACY', class_name: 'Legacy' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Notes'], new_classes: ['Legacy'] }],
};
