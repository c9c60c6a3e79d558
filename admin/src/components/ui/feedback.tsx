import { MESSAGES } from '@brightwave/common';
import { buttonClasses } from './button';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-gray-700">
      {label}
    </p>
  );
}

/** Shown where a list is empty because it could not be loaded (the failure itself is logged or toasted). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="py-8 text-center">
      <p className="mb-3 text-sm text-gray-700">{MESSAGES.listLoadFailure}</p>
      <button type="button" className={buttonClasses('secondary')} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <p className="py-8 text-center text-sm text-gray-700">{text}</p>;
}
