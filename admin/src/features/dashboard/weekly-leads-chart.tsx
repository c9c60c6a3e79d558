import type { WeeklyCount } from '@brightwave/common';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';

const WIDTH = 600;
const HEIGHT = 200;
/** Room left of the plot for the count axis's labels, and below it for the weeks'. */
const LEFT = 40;
const BOTTOM = 40;
const TOP = 16;

/** The count axis's ticks: whole numbers from 0 to at least `max`, at most five of them. */
function countTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

/**
 * Bars of new leads per week, with a count axis (left) and a week axis (below); "Show as table" opens the same
 * figures as a table (for a screen reader, a keyboard, or anyone who wants the numbers).
 */
export function WeeklyLeadsChart({ weeks }: { weeks: WeeklyCount[] }) {
  const [tableShown, setTableShown] = useState(false);
  const ticks = countTicks(Math.max(0, ...weeks.map((week) => week.count)));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP;
  const slot = plotWidth / Math.max(1, weeks.length);
  const barWidth = slot * 0.6;
  const y = (count: number) => TOP + plotHeight - (count / top) * plotHeight;
  const label = (week: WeeklyCount) => format(parseISO(week.weekStart), 'MMM d');
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + BOTTOM}`}
        className="h-60 w-full text-gray-700"
        role="img"
        aria-label={`Bar chart of new leads per week, ${total} in all; Show as table lists each week`}
      >
        {/* The count axis: a line per tick across the plot, its number at the left. */}
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} y1={y(tick)} x2={WIDTH} y2={y(tick)} stroke={tick === 0 ? '#6b7280' : '#e5e7eb'} />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {tick}
            </text>
          </g>
        ))}
        <line x1={LEFT} y1={TOP} x2={LEFT} y2={HEIGHT} stroke="#6b7280" />
        <text x={12} y={TOP + plotHeight / 2} textAnchor="middle" fontSize="11" fill="currentColor" transform={`rotate(-90 12 ${TOP + plotHeight / 2})`}>
          New leads
        </text>
        {weeks.map((week, index) => {
          const x = LEFT + index * slot + (slot - barWidth) / 2;
          return (
            <g key={week.weekStart}>
              <rect x={x} y={y(week.count)} width={barWidth} height={HEIGHT - y(week.count)} rx="2" fill="#1d4ed8">
                <title>
                  Week of {label(week)}: {week.count} new {week.count === 1 ? 'lead' : 'leads'}
                </title>
              </rect>
              <text x={x + barWidth / 2} y={HEIGHT + 14} textAnchor="middle" fontSize="10" fill="currentColor">
                {label(week)}
              </text>
            </g>
          );
        })}
        <text x={LEFT + plotWidth / 2} y={HEIGHT + 34} textAnchor="middle" fontSize="11" fill="currentColor">
          Week starting (Monday)
        </text>
      </svg>
      <details className="mt-2 text-sm" onToggle={(event) => setTableShown(event.currentTarget.open)}>
        <summary className="cursor-pointer font-medium text-blue-800 underline">{tableShown ? 'Hide the table' : 'Show as table'}</summary>
        <table className="mt-2 min-w-[16rem] text-left">
          <caption className="sr-only">New leads per week</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-6 font-medium">
                Week of
              </th>
              <th scope="col" className="py-1 font-medium">
                New leads
              </th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart} className="border-t border-gray-200">
                <td className="py-1 pr-6">{label(week)}</td>
                <td className="py-1 tabular-nums">{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
