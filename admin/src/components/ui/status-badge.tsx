import { BADGE_COLOR_CLASSES, type BadgeColor } from '@brightwave/common';

const BADGE_BASE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function badgeClasses(color: BadgeColor): string {
  return `${BADGE_BASE} ${BADGE_COLOR_CLASSES[color]}`;
}

export function StatusBadge({ label, color }: { label: string; color: BadgeColor }) {
  return <span className={badgeClasses(color)}>{label}</span>;
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
