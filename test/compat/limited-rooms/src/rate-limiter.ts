import { DurableObject } from 'cloudflare:workers';

export interface Verdict { allowed: boolean; remaining: number; retryAfterMs: number }

/**
 * A sliding-window rate limiter, one object per key (the original's docs build one the same way): each hit is a
 * row in the object's SQLite; an alarm deletes the hits that left the window, and re-arms while any remain.
 */
export class RateLimiter extends DurableObject<Env> {
	sql: SqlStorage;

	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		this.sql = ctx.storage.sql;
		this.sql.exec('CREATE TABLE IF NOT EXISTS hits (at INTEGER NOT NULL)');
		this.sql.exec('CREATE INDEX IF NOT EXISTS hits_at ON hits (at)');
	}

	async hit(limit: number, windowMs: number): Promise<Verdict> {
		const now = Date.now();
		const since = now - windowMs;
		const { n, oldest } = this.sql.exec<{ n: number; oldest: number | null }>('SELECT count(*) AS n, min(at) AS oldest FROM hits WHERE at > ?', since).one();
		if (n >= limit) return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, (oldest ?? now) + windowMs - now) };
		this.sql.exec('INSERT INTO hits (at) VALUES (?)', now);
		// Prune once the window has passed; an alarm already set for earlier stays.
		const alarm = await this.ctx.storage.getAlarm();
		if (alarm === null) await this.ctx.storage.setAlarm(now + windowMs);
		await this.ctx.storage.put('windowMs', windowMs);
		return { allowed: true, remaining: limit - n - 1, retryAfterMs: 0 };
	}

	/** What the limiter holds now: for the admin page and for tests. */
	async state(): Promise<{ hits: number; alarm: number | null; prunes: number }> {
		const { hits } = this.sql.exec<{ hits: number }>('SELECT count(*) AS hits FROM hits').one();
		return { hits, alarm: await this.ctx.storage.getAlarm(), prunes: (await this.ctx.storage.get<number>('prunes')) ?? 0 };
	}

	async alarm(info?: AlarmInvocationInfo): Promise<void> {
		const windowMs = (await this.ctx.storage.get<number>('windowMs')) ?? 60_000;
		const cursor = this.sql.exec('DELETE FROM hits WHERE at <= ?', Date.now() - windowMs);
		await this.ctx.storage.put('prunes', ((await this.ctx.storage.get<number>('prunes')) ?? 0) + 1);
		console.log(`limiter ${this.ctx.id.name ?? this.ctx.id.toString()}: pruned ${cursor.rowsWritten} hit(s), retry ${info?.retryCount ?? 0}`);
		const { next } = this.sql.exec<{ next: number | null }>('SELECT min(at) AS next FROM hits').one();
		if (next !== null) await this.ctx.storage.setAlarm(next + windowMs);
	}
}
