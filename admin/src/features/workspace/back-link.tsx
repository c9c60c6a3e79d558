import type { WorkItemKind } from '@brightwave/common';
import { FiArrowLeft } from 'react-icons/fi';
import { Link, useLocation } from 'react-router-dom';
import { WORK_ITEM_LISTS } from './work-items';

/**
 * What a link to an item's page carries in its router state when the item was opened from a screen other than its
 * list (a job's pipeline board): where its Back link goes, and that screen's name.
 */
export interface BackLinkState {
  back: { path: string; title: string };
}

/** The router state of the board's links: the application's page links back to the board. */
export function boardBackLink(jobId: string, jobTitle: string): BackLinkState {
  return { back: { path: `/jobs/${encodeURIComponent(jobId)}/pipeline`, title: `the pipeline of ${jobTitle}` } };
}

function isBackLinkState(state: unknown): state is BackLinkState {
  const back = (state as Partial<BackLinkState> | null)?.back;
  return typeof back?.path === 'string' && typeof back.title === 'string' && back.path.startsWith('/') && !back.path.startsWith('//');
}

/** The router state to hand on when moving to another item of the same screen (previous/next): the way back stays. */
export function useBackLinkState(): BackLinkState | undefined {
  const state: unknown = useLocation().state;
  return isBackLinkState(state) ? state : undefined;
}

/** Back to the screen the item was opened from (the board), else to its kind's list. */
export function BackLink({ kind }: { kind: WorkItemKind }) {
  const from = useBackLinkState()?.back ?? { path: WORK_ITEM_LISTS[kind].path, title: WORK_ITEM_LISTS[kind].title };
  return (
    <Link to={from.path} className="mt-1 inline-flex items-center gap-1 text-sm text-blue-800 underline">
      <FiArrowLeft aria-hidden="true" /> Back to {from.title}
    </Link>
  );
}
