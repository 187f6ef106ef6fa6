import type { Command } from 'commander';
import { DEV_SCHEDULED_PATH } from '../../dev/dev-server.js';
import { LedgeError } from '../../platform/errors.js';
import { parseTimestamp } from './db.js';

/** `ledge cron trigger`: fire a running `ledge dev`'s scheduled() by hand. */
export function registerCron(program: Command): void {
  const cron = program.command('cron').description('cron triggers');
  cron.command('trigger')
    .description("fire a running ledge dev's scheduled() handler now (through its dev-only endpoint)")
    .option('--cron <expr>', 'the cron expression the event carries (default: the first configured one)')
    .option('--time <time>', 'the window time: ISO 8601 or a Unix timestamp (default: now)')
    .option('--url <url>', 'the ledge dev to trigger', 'http://127.0.0.1:8787')
    .option('--json', 'print JSON for scripts')
    .action(async (opts: { cron?: string; time?: string; url: string; json?: boolean }) => {
      const url = new URL(DEV_SCHEDULED_PATH, opts.url);
      if (opts.cron) url.searchParams.set('cron', opts.cron);
      if (opts.time) url.searchParams.set('time', String(parseTimestamp(opts.time)));
      let res: Response;
      try {
        res = await fetch(url);
      } catch {
        throw new LedgeError('listen_failed', `no ledge dev answers at ${opts.url} (start one, or pass --url)`);
      }
      const body = (await res.json()) as { outcome?: string; firingId?: string; window?: { start: number; end: number }; message?: string; attempts?: number };
      if (res.status === 400) throw new LedgeError('bad_argument', body.message ?? 'bad request');
      if (opts.json) process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
      else {
        const window = body.window ? ` [${new Date(body.window.start).toISOString()}, ${new Date(body.window.end).toISOString()})` : '';
        process.stdout.write(`${body.firingId}${window}: ${body.outcome}${(body.attempts ?? 1) > 1 ? ` after ${body.attempts} attempts` : ''}\n`);
      }
      if (body.outcome !== 'ok') process.exitCode = 1;
    });
}
