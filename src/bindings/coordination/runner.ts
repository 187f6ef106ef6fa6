/**
 * The alarms of a deployment's coordination objects (reference §4.4): due alarms are delivered as `alarm(info)`
 * events through the directory, at least once. A handler that throws is retried after 2, 4, 8, 16, 32 and 64
 * seconds (`2 << retry` plus up to 25 % jitter, as the original's scheduler); after the sixth retry the alarm is
 * dropped and logged. An alarm that came due while the platform was down fires once when the runner starts.
 */
import type { BackgroundRunner, RunnerContext } from '../plugin.js';
import { directoryFor } from './directory.js';
import { sqliteClassLookup } from './migrations.js';

/** Retries of a failing alarm handler before the alarm is dropped. */
export const ALARM_MAX_RETRIES = 6;
/** Due alarms looked at per tick. */
const DUE_BATCH = 1000;
/** How often the runner looks for due alarms, by real timers. */
export const ALARM_POLL_MS = 250;

/** Seconds before retry `retry` (0-based): 2, 4, 8, ... */
export function alarmRetryDelayMs(retry: number, random = Math.random): number {
  return (2 << retry) * 1000 * (1 + random() * 0.25);
}

/** Starts the alarm runner of one deployment version (only its own classes' objects). */
export async function startAlarmRunner(context: RunnerContext): Promise<BackgroundRunner> {
  const scope = context.scope;
  if (!scope) return { tick: async () => 0, stop: async () => undefined };
  const host = scope.objectHost.bind(scope);
  const port = context.storage.coordination;
  const prefix = `${scope.account}/${context.deployment}/`;
  const directory = directoryFor(port, { logger: context.logger });
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const isSqlite = sqliteClassLookup(port, scope.account, context.deployment);

  /**
   * Delivers one due alarm. Its retries so far and its first due time come from the store, which keeps them with
   * the alarm (retryAlarm), so a retry after a restart (even kill -9) continues the count.
   */
  async function fire(alarm: { namespace: string; id: string; time: number; retryCount: number; scheduledTime: number; name?: string }): Promise<void> {
    const { namespace, id, time, retryCount, scheduledTime } = alarm;
    const className = namespace.slice(prefix.length);
    context.logger.info(`alarm of ${className} ${id.slice(0, 16)}... fired${retryCount > 0 ? ` (retry ${retryCount})` : ''}`, { object: id, class: className });
    // A failed read of the class's backend leaves the alarm due: the next tick tries it again.
    const sqlite = await isSqlite(className);
    const outcome = await directory.deliver(
      // The name kept with the alarm (the object's, from the event whose instance set it) is the handler's ctx.id.name.
      { kind: 'alarm', namespace, className, id, name: alarm.name ?? null, sqlite, retryCount, scheduledTime, alarmTime: time },
      () => host(context.deployment),
    ).catch((err: unknown) => ({ ok: false as const, error: { name: 'Error', message: (err as Error)?.message ?? String(err) } }));
    if (outcome.ok) return;
    const count = retryCount + 1;
    // A handler that set a new alarm, or deleted it, before it threw keeps what it did: retryAlarm changes only the alarm that fired.
    if (count > ALARM_MAX_RETRIES) {
      if (await port.retryAlarm(namespace, id, time, null)) {
        context.logger.error(`alarm of ${className} ${id} failed ${ALARM_MAX_RETRIES + 1} times and is dropped: ${outcome.error.name}: ${outcome.error.message}`, { object: id, class: className });
      }
      return;
    }
    if (await port.retryAlarm(namespace, id, time, context.clock.now() + alarmRetryDelayMs(count - 1))) {
      context.logger.warn(`alarm of ${className} ${id} threw (${outcome.error.name}: ${outcome.error.message}); retry ${count} of ${ALARM_MAX_RETRIES} follows`, { object: id, class: className });
    }
  }

  async function tick(): Promise<number> {
    if (stopped) return 0;
    const due = (await port.dueAlarms(context.clock.now(), DUE_BATCH)).filter((a) => a.namespace.startsWith(prefix) && !running.has(`${a.namespace}\n${a.id}`));
    await Promise.all(due.map((alarm) => {
      const key = `${alarm.namespace}\n${alarm.id}`;
      const work = fire(alarm).catch((err: unknown) => context.logger.error(`alarm of ${alarm.id} could not be delivered: ${(err as Error)?.stack ?? String(err)}`)).finally(() => running.delete(key));
      running.set(key, work);
      return work;
    }));
    return due.length;
  }

  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | undefined;
  if (context.timers) {
    const poll = () => {
      ticking = tick().catch((err: unknown) => {
        context.logger.error(`the alarm runner of ${context.deployment} failed: ${(err as Error)?.message ?? String(err)}`);
        return 0;
      });
      void ticking.finally(() => { if (!stopped) timer = setTimeout(poll, ALARM_POLL_MS); });
    };
    poll();
  }
  return {
    tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.all(running.values());
    },
  };
}
