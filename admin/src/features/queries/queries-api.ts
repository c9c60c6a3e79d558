import type { ContactQuery, ContactStatus, ListQuery } from '@brightwave/common';
import { api, LIST_ID, withoutEmpty } from '../../app/api';

export interface ContactsAnswer {
  success: boolean;
  contacts: ContactQuery[];
  total: number;
}

export const queriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactsAnswer, ListQuery>({
      query: (params) => ({ url: '/api/contacts', params: withoutEmpty(params) }),
      providesTags: (answer) => [
        ...(answer?.contacts ?? []).map((contact) => ({ type: 'Contact' as const, id: contact._id })),
        { type: 'Contact' as const, id: LIST_ID },
      ],
    }),
    updateContactStatus: build.mutation<{ success: boolean; data: ContactQuery }, { id: string; status: ContactStatus }>({
      query: ({ id, status }) => ({ url: `/api/contacts/${id}/status`, method: 'PATCH', body: { status } }),
      // SPEC §4: the list updates locally after success (every cached page holding the query).
      async onQueryStarted({ id, status }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        for (const args of queriesApi.util.selectCachedArgsForQuery(getState(), 'getContacts')) {
          dispatch(
            queriesApi.util.updateQueryData('getContacts', args, (draft) => {
              const contact = draft.contacts.find((row) => row._id === id);
              if (contact) contact.status = status;
            }),
          );
        }
      },
      invalidatesTags: (answer) => (answer ? ['Stats'] : []),
    }),
  }),
});

export const { useGetContactsQuery, useLazyGetContactsQuery, useUpdateContactStatusMutation } = queriesApi;
