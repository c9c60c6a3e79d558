import type { AnswerOf, BodyOf, ContentKey, ContentPageDetails } from '@brightwave/common';
import { api, keepAnswer, LIST_ID } from '../../app/api';

const pageTag = (key: ContentKey) => ({ type: 'Content' as const, id: key });

// Every change answers the page as it now is: the editor's cached copy is replaced by it (no second request), and
// the list, whose states and times it changes, is fetched again.
const listChanged = (answer: unknown) => (answer ? [{ type: 'Content' as const, id: LIST_ID }] : []);

const keepAnsweredPage = (answered: Promise<{ data: { page: ContentPageDetails } }>, keep: (page: ContentPageDetails) => void) =>
  keepAnswer(answered, (answer) => keep(answer.page));

interface PageArg {
  key: ContentKey;
}
interface VersionArg extends PageArg {
  id: string;
}

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContentPages: build.query<AnswerOf<'GET /api/admin/content'>, void>({
      query: () => '/api/admin/content',
      providesTags: (answer) => [{ type: 'Content' as const, id: LIST_ID }, ...(answer?.pages ?? []).map((page) => pageTag(page.key))],
    }),
    getContentPage: build.query<AnswerOf<'GET /api/admin/content/:key'>, ContentKey>({
      query: (key) => `/api/admin/content/${key}`,
      providesTags: (_answer, _error, key) => [pageTag(key)],
    }),
    saveContentDraft: build.mutation<AnswerOf<'PUT /api/admin/content/:key'>, PageArg & BodyOf<'PUT /api/admin/content/:key'>>({
      query: ({ key, ...body }) => ({ url: `/api/admin/content/${key}`, method: 'PUT', body }),
      onQueryStarted: ({ key }, { dispatch, queryFulfilled }) =>
        keepAnsweredPage(queryFulfilled, (page) => dispatch(contentApi.util.upsertQueryData('getContentPage', key, { success: true, page }))),
      invalidatesTags: listChanged,
    }),
    publishContent: build.mutation<AnswerOf<'POST /api/admin/content/:key/publish'>, PageArg & { at?: string }>({
      query: ({ key, at }) => ({ url: `/api/admin/content/${key}/publish`, method: 'POST', body: at === undefined ? {} : { at } }),
      onQueryStarted: ({ key }, { dispatch, queryFulfilled }) =>
        keepAnsweredPage(queryFulfilled, (page) => dispatch(contentApi.util.upsertQueryData('getContentPage', key, { success: true, page }))),
      invalidatesTags: listChanged,
    }),
    cancelContentSchedule: build.mutation<AnswerOf<'DELETE /api/admin/content/:key/schedule'>, PageArg>({
      query: ({ key }) => ({ url: `/api/admin/content/${key}/schedule`, method: 'DELETE' }),
      onQueryStarted: ({ key }, { dispatch, queryFulfilled }) =>
        keepAnsweredPage(queryFulfilled, (page) => dispatch(contentApi.util.upsertQueryData('getContentPage', key, { success: true, page }))),
      invalidatesTags: listChanged,
    }),
    restoreContentVersion: build.mutation<AnswerOf<'POST /api/admin/content/:key/versions/:id/restore'>, VersionArg>({
      query: ({ key, id }) => ({ url: `/api/admin/content/${key}/versions/${id}/restore`, method: 'POST' }),
      onQueryStarted: ({ key }, { dispatch, queryFulfilled }) =>
        keepAnsweredPage(queryFulfilled, (page) => dispatch(contentApi.util.upsertQueryData('getContentPage', key, { success: true, page }))),
      invalidatesTags: listChanged,
    }),
    // A mutation: each call makes a new signed link (and an audit entry); nothing to cache.
    previewContent: build.mutation<AnswerOf<'POST /api/admin/content/:key/preview'>, PageArg>({
      query: ({ key }) => ({ url: `/api/admin/content/${key}/preview`, method: 'POST' }),
    }),
    getContentVersion: build.query<AnswerOf<'GET /api/admin/content/:key/versions/:id'>, VersionArg>({
      // A version's fields never change: nothing invalidates it.
      query: ({ key, id }) => `/api/admin/content/${key}/versions/${id}`,
    }),
  }),
});

export const {
  useGetContentPagesQuery,
  useGetContentPageQuery,
  useSaveContentDraftMutation,
  usePublishContentMutation,
  useCancelContentScheduleMutation,
  useRestoreContentVersionMutation,
  usePreviewContentMutation,
  useGetContentVersionQuery,
} = contentApi;
