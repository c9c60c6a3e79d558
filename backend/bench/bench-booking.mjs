// `npm run bench:booking`: the cost of a staff member's slot list for MAX_SLOT_VIEW_DAYS days with a busy calendar feed
// of BENCH_EVENTS events (default 500), for the built backend (not a test; nothing here can fail a build). The budget
// (docs/features/booking.md): 50 ms. The feed is made up here, as a calendar app writes one: Berlin time with its VTIMEZONE, a tenth
// of the events weekly series begun up to a year ago (one EXDATE each), the rest one-off meetings of 30 to 90 minutes
// over twelve weeks around the viewed days (the past ones stay in a feed), a few all-day and some marked free. Each run
// (BENCH_RUNS, default 200, after BENCH_WARMUP = 20 unmeasured) parses the feed with busyTimesFromIcs, then calls
// freeSlots with its busy times and 20 booked meetings; the two steps are timed apart too (a feed is read at most
// every BUSY_FEED_REFRESH_SECONDS, a slot list is computed on every request). Wall-clock and CPU milliseconds: on a
// shared machine the CPU time is the steadier figure.
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const backendDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = (file) => path.join(backendDir, 'dist', file);
// The project's incremental build: nothing when the backend's sources have not changed since its last build, so the
// figures are always the code's as it is.
execFileSync(process.execPath, [path.join(backendDir, '..', 'scripts', 'build.mjs'), '@brightwave/backend'], { stdio: 'inherit' });
const { MAX_SLOT_VIEW_DAYS } = require('@brightwave/common');
const { freeSlots } = require(dist('booking/slots.js'));
const { busyTimesFromIcs } = require(dist('booking/busy-feed-parser.js'));

const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const BUDGET_MS = 50;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// A Monday, with the spring DST change inside the viewed days (29 March 2026).
const now = new Date('2026-03-22T08:00:00Z');
const from = new Date('2026-03-23T00:00:00Z');
const to = new Date(from.getTime() + MAX_SLOT_VIEW_DAYS * DAY);
const availability = {
  timeZone: 'Europe/Berlin',
  weekly: [1, 2, 3, 4, 5].flatMap((day) => [
    { day, start: '09:00', end: '12:30' },
    { day, start: '13:30', end: '17:30' },
  ]),
  meetingMinutes: 30,
  bufferMinutes: 10,
  minNoticeHours: 12,
  maxDaysAhead: 60,
};
const meetings = Array.from({ length: 20 }, (_, index) => {
  const start = from.getTime() + (index % MAX_SLOT_VIEW_DAYS) * DAY + (8 + (index % 8)) * 60 * MINUTE;
  return { start: new Date(start), end: new Date(start + 30 * MINUTE) };
});

/** A wall-clock time in Berlin as iCalendar writes it (20260323T093000), from a day offset and minutes after midnight. */
function berlinTime(dayOffset, minutes) {
  const date = new Date(from.getTime() + dayOffset * DAY + minutes * MINUTE);
  return date.toISOString().slice(0, 16).replace(/[-:]/g, '') + '00';
}

function makeFeed() {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Brightwave//bench-booking//EN'];
  lines.push(
    ...[
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Berlin',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'DTSTART:19700329T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
    ],
  );
  for (let index = 0; index < EVENTS; index += 1) {
    const event = ['BEGIN:VEVENT', `UID:bench-${index}@example.test`, 'DTSTAMP:20260101T000000Z', `SUMMARY:Meeting ${index}`];
    const minutes = 7 * 60 + ((index * 37) % (11 * 60));
    const length = 30 + (index % 3) * 30;
    if (index % 10 === 0) {
      // A weekly series begun up to a year ago, with one occurrence taken out.
      const weeksAgo = 1 + (index % 52);
      event.push(
        `DTSTART;TZID=Europe/Berlin:${berlinTime(-7 * weeksAgo + (index % 5), minutes)}`,
        `DTEND;TZID=Europe/Berlin:${berlinTime(-7 * weeksAgo + (index % 5), minutes + length)}`,
        'RRULE:FREQ=WEEKLY',
        `EXDATE;TZID=Europe/Berlin:${berlinTime(index % 5, minutes)}`,
      );
    } else if (index % 50 === 1) {
      event.push(`DTSTART;VALUE=DATE:${berlinTime(((index * 7) % 84) - 56, 0).slice(0, 8)}`);
    } else {
      // Eight weeks before the viewed days to two weeks after them.
      const day = ((index * 7) % 84) - 56 + (index % 7);
      event.push(`DTSTART;TZID=Europe/Berlin:${berlinTime(day, minutes)}`, `DTEND;TZID=Europe/Berlin:${berlinTime(day, minutes + length)}`);
      if (index % 7 === 3) event.push('TRANSP:TRANSPARENT');
    }
    lines.push(...event, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const ics = makeFeed();
const timings = { feed: [], slots: [], both: [] };
const cpuTimings = { feed: [], slots: [], both: [] };
const cpuMs = (usage) => (usage.user + usage.system) / 1000;
let busyCount = 0;
let slotCount = 0;
for (let run = 0; run < WARMUP + RUNS; run += 1) {
  const [started, cpuStarted] = [performance.now(), process.cpuUsage()];
  const busy = busyTimesFromIcs(ics, from, to, { floatingTimeZone: availability.timeZone });
  const [parsed, cpuParsed] = [performance.now(), process.cpuUsage()];
  const slots = freeSlots({ availability, from, to, now, meetings, busy });
  const [ended, cpuEnded] = [performance.now(), process.cpuUsage()];
  if (run < WARMUP) continue;
  timings.feed.push(parsed - started);
  timings.slots.push(ended - parsed);
  timings.both.push(ended - started);
  cpuTimings.feed.push(cpuMs(cpuParsed) - cpuMs(cpuStarted));
  cpuTimings.slots.push(cpuMs(cpuEnded) - cpuMs(cpuParsed));
  cpuTimings.both.push(cpuMs(cpuEnded) - cpuMs(cpuStarted));
  busyCount = busy.length;
  slotCount = slots.length;
}

console.log(
  `bench:booking: a feed of ${EVENTS} events (${(ics.length / 1024).toFixed(0)} KB; ${busyCount} busy times in the range), ` +
    `${MAX_SLOT_VIEW_DAYS} days, ${slotCount} free slots; ${RUNS} runs after ${WARMUP} unmeasured`,
);
console.log(`${os.cpus().length} cores, load average ${load()}; budget ${BUDGET_MS} ms for feed and slots`);
console.log('| step | median ms | p95 ms | median CPU ms | p95 CPU ms |');
console.log('| --- | --- | --- | --- | --- |');
for (const [step, label] of [
  ['feed', 'busyTimesFromIcs'],
  ['slots', 'freeSlots'],
  ['both', 'feed, then slots'],
]) {
  const sorted = timings[step].sort((a, b) => a - b);
  const cpuSorted = cpuTimings[step].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const over = step === 'both' && p95 > BUDGET_MS ? ' (over the budget)' : '';
  const figures = [percentile(sorted, 50), p95, percentile(cpuSorted, 50), percentile(cpuSorted, 95)].map((ms) => ms.toFixed(1));
  figures[1] += over;
  console.log(`| ${label} | ${figures.join(' | ')} |`);
}
