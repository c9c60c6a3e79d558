import type { Lead, LeadStatus, ListQuery } from '@brightwave/common';
import { api, LIST_ID, withoutEmpty } from '../../app/api';

export interface LeadsAnswer {
  success: boolean;
  leads: Lead[];
  total: number;
}

export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeads: build.query<LeadsAnswer, ListQuery>({
      query: (params) => ({ url: '/api/leads', params: withoutEmpty(params) }),
      providesTags: (answer) => [
        ...(answer?.leads ?? []).map((lead) => ({ type: 'Lead' as const, id: lead._id })),
        { type: 'Lead' as const, id: LIST_ID },
      ],
    }),
    updateLeadStatus: build.mutation<{ success: boolean; data: Lead }, { id: string; status: LeadStatus }>({
      query: ({ id, status }) => ({ url: `/api/leads/${id}/status`, method: 'PATCH', body: { status } }),
      // SPEC §4: the list updates locally after success (every cached page holding the lead).
      async onQueryStarted({ id, status }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        for (const args of leadsApi.util.selectCachedArgsForQuery(getState(), 'getLeads')) {
          dispatch(
            leadsApi.util.updateQueryData('getLeads', args, (draft) => {
              const lead = draft.leads.find((row) => row._id === id);
              if (lead) lead.status = status;
            }),
          );
        }
      },
      invalidatesTags: (answer) => (answer ? ['Stats'] : []),
    }),
  }),
});

export const { useGetLeadsQuery, useLazyGetLeadsQuery, useUpdateLeadStatusMutation } = leadsApi;
