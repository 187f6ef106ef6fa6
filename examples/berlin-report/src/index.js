// Task definition (SPEC: Events 2, a business rule in local time states its time zone and daylight-saving
// semantics): "Send the daily report on weekdays at 09:00 in Europe/Berlin."
// - Time zone: Europe/Berlin, with its daylight-saving changes (CET, UTC+1, in winter; CEST, UTC+2, in summer).
// - Triggers: cron runs in UTC, so two triggers cover both offsets (07:00 and 08:00 UTC); exactly one of them is
//   09:00 Berlin time on any day, and the handler acts only on that one.
// - Identity: one report per Berlin calendar day, keyed by that date, so a re-fired window (after a restart)
//   never produces a second report for the same day.

/** The Berlin date (YYYY-MM-DD) and hour of an instant. */
export function berlinTime(epochMs) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hour12: false,
  }).formatToParts(new Date(epochMs)).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** The report key for a window, or null when the window is not 09:00 in Berlin. */
export function reportKeyFor(scheduledTime) {
  const { date, hour } = berlinTime(scheduledTime);
  return hour === 9 ? `report:${date}` : null;
}

export default {
  async scheduled(controller) {
    const key = reportKeyFor(controller.scheduledTime);
    if (key === null) return; // the other trigger of the pair: not 09:00 in Berlin today
    console.log(`daily report ${key} (window ${controller.firingId}${controller.late ? ', late' : ''})`);
  },
  async fetch() {
    return Response.json({ next: 'weekdays 09:00 Europe/Berlin' });
  },
};
