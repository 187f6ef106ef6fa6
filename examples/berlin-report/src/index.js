// Task definition (SPEC: Events 2, a business rule in local time states its time zone and daylight-saving
// semantics): "Send the daily report on weekdays at 09:00 in Europe/Berlin."
// - Time zone: Europe/Berlin, with its daylight-saving changes (CET, UTC+1, in winter; CEST, UTC+2, in summer).
// - Triggers: cron runs in UTC, so two triggers cover both offsets (07:00 and 08:00 UTC); exactly one of them is
//   09:00 Berlin time on any day, and the handler acts only on that one.
// - Window: each firing carries the logical window it stands for, `controller.window` = [start, end) in UTC,
//   from its trigger's previous time to its own (docs/cron.md). The report covers that window and is named by
//   the Berlin date of its end; nothing here reads the wall clock.
// - Daylight saving: on the first weekday after a switch the acting trigger changes, and its window starts at
//   its own previous time, so that report's window starts one hour later (autumn) or earlier (spring) than the
//   previous report's window ended. The report states its window, so that hour is visible, never silent.
// - Identity: one report per Berlin calendar day, keyed by that date, so a re-fired window (after a restart)
//   never produces a second report for the same day: it carries the same window, so the same key.

/** The Berlin date (YYYY-MM-DD) and hour of an instant. */
export function berlinTime(epochMs) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hour12: false,
  }).formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * The report a firing stands for: its key (one per Berlin day) and the UTC window it covers, or null when the
 * window does not end at 09:00 in Berlin (the other trigger of the pair).
 */
export function reportFor(window) {
  const { date, hour } = berlinTime(window.end);
  if (hour !== 9) return null;
  return { key: `report:${date}`, from: new Date(window.start).toISOString(), to: new Date(window.end).toISOString() };
}

export default {
  async scheduled(controller) {
    const report = reportFor(controller.window);
    if (report === null) return; // the other trigger of the pair: not 09:00 in Berlin today
    console.log(`daily report ${report.key} for [${report.from}, ${report.to}) (firing ${controller.firingId}${controller.late ? ', late' : ''})`);
  },
  async fetch() {
    return Response.json({ next: 'weekdays 09:00 Europe/Berlin' });
  },
};
