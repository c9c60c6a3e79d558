import type { BadgeColor } from '@brightwave/common';

/** Badge colours of SPEC §4, light and dark theme (AA contrast in both). */
const BADGE_COLOR_CLASSES: Record<BadgeColor, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900 dark:text-purple-100',
  red: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  yellow: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
  gray: 'bg-gray-100 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

export function badgeColorClasses(color: BadgeColor): string {
  return BADGE_COLOR_CLASSES[color];
}

const BADGE_BASE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function badgeClasses(color: BadgeColor): string {
  return `${BADGE_BASE} ${BADGE_COLOR_CLASSES[color]}`;
}

interface StatusBadgeButtonProps {
  label: string;
  color: BadgeColor;
  /** Accessible name; must contain the status label. */
  accessibleName: string;
  onClick: () => void;
}

/** A badge that opens the status dialog of its row. */
export function StatusBadgeButton({ label, color, accessibleName, onClick }: StatusBadgeButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={accessibleName}
      title="Change status"
      className={`${badgeClasses(color)} cursor-pointer hover:ring-2 hover:ring-gray-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600`}
    >
      {label}
    </button>
  );
}
