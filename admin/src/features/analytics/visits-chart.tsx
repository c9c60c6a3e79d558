import type { AnalyticsDay } from '@brightwave/common';
import { format, parseISO } from 'date-fns';

const WIDTH = 720;
const HEIGHT = 200;
const AXIS = 24;
/** At most this many date labels under the chart (every day of 90 would overlap). */
const LABELS_MAX = 10;

const dayLabel = (day: AnalyticsDay) => format(parseISO(day.date), 'MMM d');

/**
 * Page views per day as bars and visitors as a line over them (an SVG drawn here, as the dashboard's weekly chart:
 * no chart library); the same figures are in a table for screen readers.
 */
export function VisitsChart({ days }: { days: AnalyticsDay[] }) {
  const max = Math.max(1, ...days.map((day) => day.views));
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const y = (count: number) => HEIGHT - (count / max) * (HEIGHT - 16);
  const every = Math.ceil(days.length / LABELS_MAX);
  const line = days.map((day, index) => `${index * slot + slot / 2},${y(day.visitors)}`).join(' ');
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} className="h-56 w-full" aria-hidden="true" focusable="false">
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#9ca3af" />
        {days.map((day, index) => (
          <g key={day.date}>
            <rect x={index * slot + (slot - barWidth) / 2} y={y(day.views)} width={barWidth} height={HEIGHT - y(day.views)} rx="2" fill="#93c5fd" />
            {index % every === 0 && (
              <text x={index * slot + slot / 2} y={HEIGHT + 16} textAnchor="middle" fontSize="11" fill="#374151">
                {dayLabel(day)}
              </text>
            )}
          </g>
        ))}
        <polyline points={line} fill="none" stroke="#1d4ed8" strokeWidth="2" />
      </svg>
      <figcaption className="mt-2 flex gap-4 text-xs text-gray-700">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-3 rounded-sm bg-blue-300" aria-hidden="true" /> Page views
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-blue-700" aria-hidden="true" /> Visitors
        </span>
      </figcaption>
      {/* Hidden by a wrapper: a table grows to its rows whatever its height, so an sr-only table made the page longer. */}
      <div className="sr-only">
        <table>
          <caption>Visitors and page views per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{dayLabel(day)}</td>
                <td>{day.visitors}</td>
                <td>{day.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
