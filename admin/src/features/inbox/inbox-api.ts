import type { AnswerOf, ContactQuery, ContactStatus, InboxQuery, Lead, LeadStatus, WorkItemKind } from '@brightwave/common';
import { api, LIST_ID, withoutEmpty } from '../../app/api';
import { workItemTag } from '../workspace/work-items';

/** The two inboxes of messages sent from the public site, by their path under /api. */
interface Inboxes {
  leads: { row: Lead; status: LeadStatus };
  contacts: { row: ContactQuery; status: ContactStatus };
}
export type InboxKind = keyof Inboxes;
export type InboxRow<Kind extends InboxKind> = Inboxes[Kind]['row'];
export type InboxStatus<Kind extends InboxKind> = Inboxes[Kind]['status'];

/** One page of an inbox: the rows (the answer's `leads` or `contacts`) and the total. */
export interface InboxPage<Kind extends InboxKind> {
  rows: InboxRow<Kind>[];
  total: number;
  /** `total` is the database's estimate (many thousand rows match). */
  totalEstimated: boolean;
}

/** The item kind of the staff workspace each inbox holds. */
export const INBOX_ITEM_KINDS = { leads: 'lead', contacts: 'contact' } as const satisfies Record<InboxKind, WorkItemKind>;

const TAG = { leads: 'Lead', contacts: 'Contact' } as const;
type ListAnswer = AnswerOf<'GET /api/leads'> | AnswerOf<'GET /api/contacts'>;

export const inboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInbox: build.query<InboxPage<InboxKind>, { kind: InboxKind; query: InboxQuery }>({
      query: ({ kind, query }) => ({ url: `/api/${kind}`, params: withoutEmpty(query) }),
      transformResponse: (answer: ListAnswer) => ({
        rows: 'leads' in answer ? answer.leads : answer.contacts,
        total: answer.total,
        totalEstimated: answer.totalEstimated === true,
      }),
      providesTags: (page, _error, { kind }) => [...(page?.rows ?? []).map((row) => ({ type: TAG[kind], id: row._id })), { type: TAG[kind], id: LIST_ID }],
    }),
    updateInboxStatus: build.mutation<
      AnswerOf<'PATCH /api/leads/:id/status'> | AnswerOf<'PATCH /api/contacts/:id/status'>,
      { kind: InboxKind; id: string; status: InboxStatus<InboxKind> }
    >({
      query: ({ kind, id, status }) => ({ url: `/api/${kind}/${id}/status`, method: 'PATCH', body: { status } }),
      // SPEC §4: the list updates locally after success (every cached page of that inbox holding the row).
      async onQueryStarted({ kind, id, status }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        for (const args of inboxApi.util.selectCachedArgsForQuery(getState(), 'getInbox')) {
          if (args.kind !== kind) continue;
          dispatch(
            inboxApi.util.updateQueryData('getInbox', args, (draft) => {
              const row = draft.rows.find((candidate) => candidate._id === id);
              if (row) row.status = status;
            }),
          );
        }
      },
      // The item's page and timeline show the change; a closed item leaves My work.
      invalidatesTags: (answer, _error, { kind, id }) => (answer ? [workItemTag(INBOX_ITEM_KINDS[kind], id), 'MyWork', 'Stats'] : []),
    }),
    /** Not spam (`spam: false`) moves a row back to the inbox, where its notifications go out; it leaves this list. */
    setInboxSpam: build.mutation<
      AnswerOf<'PATCH /api/leads/:id/spam'> | AnswerOf<'PATCH /api/contacts/:id/spam'>,
      { kind: InboxKind; id: string; spam: boolean }
    >({
      query: ({ kind, id, spam }) => ({ url: `/api/${kind}/${id}/spam`, method: 'PATCH', body: { spam } }),
      invalidatesTags: (answer, _error, { kind, id }) =>
        answer ? [{ type: TAG[kind], id: LIST_ID }, workItemTag(INBOX_ITEM_KINDS[kind], id), 'MyWork', 'Stats'] : [],
    }),
  }),
});

export const { useGetInboxQuery, useUpdateInboxStatusMutation, useSetInboxSpamMutation } = inboxApi;
