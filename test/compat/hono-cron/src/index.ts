// A Hono app with a scheduled handler for several crons, told apart by controller.cron as the original's docs do;
// the work after each answer and each cron runs in ctx.waitUntil.
import { Hono } from 'hono';

type Bindings = { STATS: KVNamespace };

const app = new Hono<{ Bindings: Bindings }>();

// Page views are counted after the answer: one KV key per view, rolled up by the five-minute cron.
app.use('/pages/*', async (c, next) => {
	await next();
	c.executionCtx.waitUntil(c.env.STATS.put(`view:${c.req.path}:${crypto.randomUUID()}`, '1'));
});

app.get('/pages/:name', (c) => c.text(`page ${c.req.param('name')}`));

app.get('/stats', async (c) => {
	const [totals, digest, report, monthEnd, runs] = await Promise.all([
		c.env.STATS.get<Record<string, number>>('totals', 'json'),
		c.env.STATS.get('digest'),
		c.env.STATS.get('report'),
		c.env.STATS.get('monthEnd'),
		c.env.STATS.get<string[]>('runs', 'json'),
	]);
	return c.json({ totals: totals ?? {}, digest, report, monthEnd, runs: runs ?? [] });
});

app.get('/', (c) => {
	const url = new URL(c.req.url);
	url.pathname = '/__scheduled';
	url.searchParams.append('cron', '*/5 * * * *');
	return c.text(`To test the scheduled handler, ensure you have used the "--test-scheduled" then try running "curl ${url.href}".`);
});

async function rollUp(env: Bindings): Promise<number> {
	const totals = (await env.STATS.get<Record<string, number>>('totals', 'json')) ?? {};
	let cursor: string | undefined;
	let rolled = 0;
	do {
		const page: KVNamespaceListResult<unknown, string> = await env.STATS.list({ prefix: 'view:', cursor });
		for (const { name } of page.keys) {
			const path = name.slice('view:'.length, name.lastIndexOf(':'));
			totals[path] = (totals[path] ?? 0) + 1;
			await env.STATS.delete(name);
			rolled++;
		}
		cursor = page.list_complete ? undefined : page.cursor;
	} while (cursor);
	await env.STATS.put('totals', JSON.stringify(totals));
	return rolled;
}

async function noteRun(env: Bindings, line: string): Promise<void> {
	const runs = (await env.STATS.get<string[]>('runs', 'json')) ?? [];
	runs.push(line);
	await env.STATS.put('runs', JSON.stringify(runs));
}

export default {
	fetch: app.fetch,
	async scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext) {
		const at = new Date(controller.scheduledTime).toISOString();
		switch (controller.cron) {
			case '*/5 * * * *': {
				const rolled = await rollUp(env);
				console.log(`rolled up ${rolled} view(s) at ${at}`);
				ctx.waitUntil(noteRun(env, `rollup ${at} ${rolled}`));
				break;
			}
			case '0 * * * *': {
				const totals = (await env.STATS.get<Record<string, number>>('totals', 'json')) ?? {};
				const top = Object.entries(totals).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
				ctx.waitUntil(Promise.all([env.STATS.put('digest', `${at}: ${top ? `${top[0]} leads with ${top[1]}` : 'no views'}`), noteRun(env, `digest ${at}`)]));
				break;
			}
			case '30 8 * * 2-6': {
				const day = new Date(controller.scheduledTime).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
				ctx.waitUntil(Promise.all([env.STATS.put('report', `${day} report`), noteRun(env, `report ${at}`)]));
				break;
			}
			case '59 23 LW * *': {
				const month = new Date(controller.scheduledTime).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
				ctx.waitUntil(Promise.all([env.STATS.put('monthEnd', `${month} closed`), noteRun(env, `month-end ${at}`)]));
				break;
			}
			default:
				// A cron this code does not know: fail loudly, and do not retry it.
				controller.noRetry();
				throw new Error(`no job for cron ${controller.cron}`);
		}
	},
} satisfies ExportedHandler<Bindings>;
