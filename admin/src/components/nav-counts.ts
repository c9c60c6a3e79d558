import { canUse, WORK_ITEM_AREAS, type AdminRole, type AnswerOf } from '@brightwave/common';
import { api, LIST_ID } from '../app/api';
import { useGetMyWorkQuery } from '../features/workspace/workspace-api';
import { mayUse } from './area-gate';
import type { NavCount } from './admin-navigation';

// The counts are asked again now and then: a follow-up falls due and a lead arrives from the site with no change here.
const POLL_MS = 5 * 60_000;

const navCountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The leads whose status is still new (suspected spam left out, as the list leaves it out): the list's total for
     * one row. `Stats` too: a status change (inbox-api.ts) patches the cached rows in place and invalidates only that.
     */
    getNewLeadsCount: build.query<number, undefined>({
      query: () => ({ url: '/api/leads', params: { status: 'new', page: 1, limit: 1 } }),
      transformResponse: (answer: AnswerOf<'GET /api/leads'>) => answer.total,
      providesTags: [{ type: 'Lead', id: LIST_ID }, 'Stats'],
    }),
  }),
});

/** The sidebar's counts the role may see (none while its role is not known); a count of zero is no count. */
export function useNavCounts(role: AdminRole | undefined): Partial<Record<NavCount, number>> {
  const newLeads = navCountsApi.useGetNewLeadsCountQuery(undefined, {
    skip: !role || !canUse(role, 'inbox'),
    pollingInterval: POLL_MS,
    refetchOnMountOrArgChange: false,
  });
  // The same query as My work's page (one cache entry): every change to an item's owner, follow-up or status refreshes it.
  const myWork = useGetMyWorkQuery(undefined, {
    skip: !role || !mayUse(role, Object.values(WORK_ITEM_AREAS)),
    pollingInterval: POLL_MS,
    refetchOnMountOrArgChange: false,
  });
  return {
    newLeads: newLeads.data || undefined,
    myOverdue: myWork.data?.items.filter((item) => item.overdue).length || undefined,
  };
}
