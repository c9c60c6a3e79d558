import type { IconType } from 'react-icons';
import { iconButtonClasses } from './button';

interface IconButtonProps {
  /** Accessible name; also the tooltip unless a title is given. */
  label: string;
  title?: string;
  icon: IconType;
  /** Red, for a destructive action. */
  danger?: boolean;
  onClick: () => void;
}

/** A button showing only an icon, named by its label. */
export function IconButton({ label, title = label, icon: Icon, danger = false, onClick }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title}
      className={danger ? `${iconButtonClasses} text-red-700 hover:bg-red-50` : iconButtonClasses}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </button>
  );
}
