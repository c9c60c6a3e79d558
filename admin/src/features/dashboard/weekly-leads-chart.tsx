import type { WeeklyCount } from '@brightwave/common';
import { format, parseISO } from 'date-fns';

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 24;

/** Bars of new leads per week; the same figures are in a table for screen readers. */
export function WeeklyLeadsChart({ weeks }: { weeks: WeeklyCount[] }) {
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const slot = WIDTH / Math.max(1, weeks.length);
  const barWidth = slot * 0.6;
  const label = (week: WeeklyCount) => format(parseISO(week.weekStart), 'MMM d');
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} className="h-56 w-full" aria-hidden="true" focusable="false">
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#9ca3af" />
        {weeks.map((week, index) => {
          const height = (week.count / max) * (HEIGHT - 20);
          const x = index * slot + (slot - barWidth) / 2;
          return (
            <g key={week.weekStart}>
              <rect x={x} y={HEIGHT - height} width={barWidth} height={height} rx="3" fill="#1d4ed8" />
              {week.count > 0 && (
                <text x={x + barWidth / 2} y={HEIGHT - height - 4} textAnchor="middle" fontSize="12" fill="#111827">
                  {week.count}
                </text>
              )}
              <text x={x + barWidth / 2} y={HEIGHT + 16} textAnchor="middle" fontSize="11" fill="#374151">
                {label(week)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* Hidden by a wrapper: a table grows to its rows whatever its height, so an sr-only table made the page longer. */}
      <div className="sr-only">
        <table>
          <caption>New leads per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">New leads</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <td>{label(week)}</td>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
