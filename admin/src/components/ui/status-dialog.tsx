import type { BadgeColor } from '@brightwave/common';
import { FiCheck } from 'react-icons/fi';
import { Dialog } from './dialog';
import { badgeClasses } from './status-badge';

interface StatusDialogProps<S extends string> {
  open: boolean;
  title: string;
  subject?: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  colors: Record<S, BadgeColor>;
  current: S | undefined;
  busy: boolean;
  onChoose: (status: S) => void;
  onClose: () => void;
}

/** Lists every status (SPEC §4: any status may be set from any other); the current one is highlighted. */
export function StatusDialog<S extends string>({ open, title, subject, statuses, labels, colors, current, busy, onChoose, onClose }: StatusDialogProps<S>) {
  return (
    <Dialog open={open} title={title} onClose={onClose} size="sm">
      {subject && <p className="mb-4 text-sm text-gray-700">{subject}</p>}
      <ul className="space-y-2">
        {statuses.map((status) => {
          const isCurrent = status === current;
          return (
            <li key={status}>
              <button
                type="button"
                disabled={busy}
                aria-pressed={isCurrent}
                data-autofocus={isCurrent ? true : undefined}
                onClick={() => onChoose(status)}
                className={`flex w-full items-center justify-between rounded-md border px-4 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 ${
                  isCurrent ? 'border-blue-700 bg-blue-50 ring-2 ring-blue-700' : 'border-gray-300 hover:bg-gray-50'
                }`}
              >
                <span className={badgeClasses(colors[status])}>{labels[status]}</span>
                {isCurrent && (
                  <span className="flex items-center gap-1 text-xs font-medium text-blue-800">
                    <FiCheck aria-hidden="true" /> Current
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
