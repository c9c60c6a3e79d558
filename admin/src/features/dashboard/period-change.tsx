import type { PeriodCount } from '@brightwave/common';

/** "+3 vs previous 30 days", "−2 vs previous 30 days", "same as previous 30 days". */
function changeText({ current, previous }: PeriodCount, days: number): string {
  const change = current - previous;
  if (change === 0) return `same as previous ${days} days`;
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} vs previous ${days} days`;
}

/** The same in words for a screen reader: "3 more than the previous 30 days". */
function changeWords({ current, previous }: PeriodCount, days: number): string {
  const change = current - previous;
  if (change === 0) return `as many as the previous ${days} days`;
  return `${Math.abs(change)} ${change > 0 ? 'more' : 'fewer'} than the previous ${days} days`;
}

/**
 * What came in during the period beside a figure, and the change against the period before it: "12 received in the
 * last 30 days, +3 vs previous 30 days". The arrow and colour repeat what the words say.
 */
export function PeriodChange({ count, days, verb }: { count: PeriodCount; days: number; verb: string }) {
  const change = count.current - count.previous;
  const arrow = change > 0 ? '▲' : change < 0 ? '▼' : '';
  return (
    <p className="mt-2 text-sm text-gray-700">
      <span aria-hidden="true">
        {count.current} {verb} in the last {days} days,{' '}
        <span className={change > 0 ? 'text-green-800' : change < 0 ? 'text-red-800' : ''}>
          {arrow && `${arrow} `}
          {changeText(count, days)}
        </span>
      </span>
      <span className="sr-only">
        {count.current} {verb} in the last {days} days, {changeWords(count, days)}
      </span>
    </p>
  );
}
