import type { ReactNode } from 'react';
import { EmptyState, LoadError, Loading } from './ui/feedback';

export interface ListStatesProps {
  isLoading: boolean;
  isError: boolean;
  /** How many rows arrived; a failed fetch that still has rows keeps showing them. */
  count: number;
  onRetry: () => void;
  loadingLabel: string;
  emptyText: string;
}

/** Loading, load error with retry, or empty state of a list; the list itself otherwise. */
export function ListStates({ isLoading, isError, count, onRetry, loadingLabel, emptyText, children }: ListStatesProps & { children: ReactNode }) {
  if (isLoading) return <Loading label={loadingLabel} />;
  if (isError && count === 0) return <LoadError onRetry={onRetry} />;
  if (count === 0) return <EmptyState text={emptyText} />;
  return children;
}
