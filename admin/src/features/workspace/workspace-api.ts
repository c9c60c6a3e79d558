import {
  WORK_ITEM_API,
  type AnswerOf,
  type FollowUpPayload,
  type ItemOwner,
  type NotePayload,
  type OwnerPayload,
  type TimelineEvent,
  type WorkItemKind,
} from '@brightwave/common';
import { api } from '../../app/api';
import { changedItemTags, workItemTag, type WorkItem } from './work-items';

/** One item: its kind and id. */
export interface WorkItemRef {
  kind: WorkItemKind;
  id: string;
}

type DetailsAnswer = AnswerOf<'GET /api/leads/:id'> | AnswerOf<'GET /api/contacts/:id'> | AnswerOf<'GET /api/jobs/applications/:applicationId'>;
type ChangeAnswer =
  AnswerOf<'PATCH /api/leads/:id/owner'> | AnswerOf<'PATCH /api/contacts/:id/owner'> | AnswerOf<'PATCH /api/jobs/applications/:applicationId/owner'>;
type NoteAnswer = AnswerOf<'POST /api/leads/:id/notes'>;
type NoteDeletedAnswer = AnswerOf<'DELETE /api/leads/:id/notes/:noteId'>;
type TimelineAnswer = AnswerOf<'GET /api/leads/:id/timeline'>;

/** My work's answer: the open items I own, and my upcoming calls. */
export type MyWork = Omit<AnswerOf<'GET /api/admin/my-work'>, 'success'>;

/** The staff workspace (docs/features/workspace.md): an item's page, owner, follow-up, notes and timeline; My work; who may own what. */
export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkItem: build.query<WorkItem<WorkItemKind>, WorkItemRef>({
      query: ({ kind, id }) => `${WORK_ITEM_API[kind]}/${encodeURIComponent(id)}`,
      transformResponse: (answer: DetailsAnswer) => answer.data,
      providesTags: (_item, _error, { kind, id }) => [workItemTag(kind, id)],
    }),
    getTimeline: build.query<TimelineEvent[], WorkItemRef>({
      query: ({ kind, id }) => `${WORK_ITEM_API[kind]}/${encodeURIComponent(id)}/timeline`,
      transformResponse: (answer: TimelineAnswer) => answer.events,
      providesTags: (_events, _error, { kind, id }) => [workItemTag(kind, id)],
    }),
    getMyWork: build.query<MyWork, void>({
      query: () => '/api/admin/my-work',
      transformResponse: ({ items, myCalls }: AnswerOf<'GET /api/admin/my-work'>): MyWork => ({ items, myCalls }),
      providesTags: ['MyWork'],
    }),
    /** The active admins who may own items of this kind. */
    getAssignees: build.query<ItemOwner[], WorkItemKind>({
      query: (kind) => ({ url: '/api/admin/assignees', params: { kind } }),
      transformResponse: (answer: AnswerOf<'GET /api/admin/assignees'>) => answer.assignees,
      providesTags: ['Admin'],
    }),
    setOwner: build.mutation<ChangeAnswer, WorkItemRef & OwnerPayload>({
      query: ({ kind, id, ownerId }) => ({ url: `${WORK_ITEM_API[kind]}/${encodeURIComponent(id)}/owner`, method: 'PATCH', body: { ownerId } }),
      invalidatesTags: (answer, _error, { kind, id }) => (answer ? changedItemTags(kind, id) : []),
    }),
    setFollowUp: build.mutation<ChangeAnswer, WorkItemRef & FollowUpPayload>({
      query: ({ kind, id, at }) => ({ url: `${WORK_ITEM_API[kind]}/${encodeURIComponent(id)}/follow-up`, method: 'PUT', body: { at } }),
      // The dashboard counts the overdue follow-ups.
      invalidatesTags: (answer, _error, { kind, id }) => (answer ? [...changedItemTags(kind, id), 'Stats'] : []),
    }),
    addNote: build.mutation<NoteAnswer, WorkItemRef & NotePayload>({
      query: ({ kind, id, text }) => ({ url: `${WORK_ITEM_API[kind]}/${encodeURIComponent(id)}/notes`, method: 'POST', body: { text } }),
      invalidatesTags: (answer, _error, { kind, id }) => (answer ? [workItemTag(kind, id)] : []),
    }),
    deleteNote: build.mutation<NoteDeletedAnswer, WorkItemRef & { noteId: string }>({
      query: ({ kind, id, noteId }) => ({
        url: `${WORK_ITEM_API[kind]}/${encodeURIComponent(id)}/notes/${encodeURIComponent(noteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (answer, _error, { kind, id }) => (answer ? [workItemTag(kind, id)] : []),
    }),
  }),
});

export const {
  useGetWorkItemQuery,
  useGetTimelineQuery,
  useGetMyWorkQuery,
  useGetAssigneesQuery,
  useSetOwnerMutation,
  useSetFollowUpMutation,
  useAddNoteMutation,
  useDeleteNoteMutation,
} = workspaceApi;
