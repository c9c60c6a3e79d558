import type { AnswerOf, BodyOf, BuiltPageDetails } from '@brightwave/common';
import { api, keepAnswer, LIST_ID } from '../../app/api';
import { REDIRECTS_TAG } from './redirects-api';

const pageTag = (id: string) => ({ type: 'Page' as const, id });
const LIST_TAG = { type: 'Page' as const, id: LIST_ID };

// As for site content: every change answers the page as it now is, which replaces the editor's cached copy (no second
// request); the list, whose states, times and navigation it changes, is fetched again.
const listChanged = (answer: unknown) => (answer ? [LIST_TAG] : []);

interface PageArg {
  id: string;
}
interface VersionArg extends PageArg {
  versionId: string;
}

export const pagesApi = api.injectEndpoints({
  endpoints: (build) => {
    /** Puts the page a change answers in the editor's cache. */
    const keepPage = (
      { id }: PageArg,
      { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: { page: BuiltPageDetails } }> },
    ) => keepAnswer(queryFulfilled, ({ page }) => dispatch(pagesApi.util.upsertQueryData('getBuiltPage', id, { success: true, page })));
    return {
      getBuiltPages: build.query<AnswerOf<'GET /api/admin/pages'>, void>({
        query: () => '/api/admin/pages',
        providesTags: (answer) => [LIST_TAG, ...(answer?.pages ?? []).map((page) => pageTag(page._id))],
      }),
      getBuiltPage: build.query<AnswerOf<'GET /api/admin/pages/:id'>, string>({
        query: (id) => `/api/admin/pages/${id}`,
        providesTags: (_answer, _error, id) => [pageTag(id)],
      }),
      createBuiltPage: build.mutation<AnswerOf<'POST /api/admin/pages'>, BodyOf<'POST /api/admin/pages'>>({
        query: (body) => ({ url: '/api/admin/pages', method: 'POST', body }),
        invalidatesTags: listChanged,
      }),
      saveBuiltPageDraft: build.mutation<AnswerOf<'PUT /api/admin/pages/:id'>, PageArg & BodyOf<'PUT /api/admin/pages/:id'>>({
        query: ({ id, ...body }) => ({ url: `/api/admin/pages/${id}`, method: 'PUT', body }),
        onQueryStarted: keepPage,
        invalidatesTags: listChanged,
      }),
      // The editor leaves the page once it is deleted: only the list is fetched again (the page's own query would 404).
      deleteBuiltPage: build.mutation<AnswerOf<'DELETE /api/admin/pages/:id'>, PageArg>({
        query: ({ id }) => ({ url: `/api/admin/pages/${id}`, method: 'DELETE' }),
        invalidatesTags: listChanged,
      }),
      // A page published at a new address leaves a redirect behind (and takes its address from one).
      publishBuiltPage: build.mutation<AnswerOf<'POST /api/admin/pages/:id/publish'>, PageArg & BodyOf<'POST /api/admin/pages/:id/publish'>>({
        query: ({ id, at }) => ({ url: `/api/admin/pages/${id}/publish`, method: 'POST', body: at === undefined ? {} : { at } }),
        onQueryStarted: keepPage,
        invalidatesTags: (answer) => (answer ? [LIST_TAG, REDIRECTS_TAG] : []),
      }),
      cancelBuiltPageSchedule: build.mutation<AnswerOf<'DELETE /api/admin/pages/:id/schedule'>, PageArg>({
        query: ({ id }) => ({ url: `/api/admin/pages/${id}/schedule`, method: 'DELETE' }),
        onQueryStarted: keepPage,
        invalidatesTags: listChanged,
      }),
      restoreBuiltPageVersion: build.mutation<AnswerOf<'POST /api/admin/pages/:id/versions/:versionId/restore'>, VersionArg>({
        query: ({ id, versionId }) => ({ url: `/api/admin/pages/${id}/versions/${versionId}/restore`, method: 'POST' }),
        onQueryStarted: keepPage,
        invalidatesTags: listChanged,
      }),
      saveBuiltPageNav: build.mutation<AnswerOf<'PUT /api/admin/pages/:id/nav'>, PageArg & BodyOf<'PUT /api/admin/pages/:id/nav'>>({
        query: ({ id, ...body }) => ({ url: `/api/admin/pages/${id}/nav`, method: 'PUT', body }),
        onQueryStarted: keepPage,
        invalidatesTags: listChanged,
      }),
      // A mutation: each call makes a new signed link (and an audit entry); nothing to cache.
      previewBuiltPage: build.mutation<AnswerOf<'POST /api/admin/pages/:id/preview'>, PageArg>({
        query: ({ id }) => ({ url: `/api/admin/pages/${id}/preview`, method: 'POST' }),
      }),
      getBuiltPageVersion: build.query<AnswerOf<'GET /api/admin/pages/:id/versions/:versionId'>, VersionArg>({
        // A version's document never changes: nothing invalidates it.
        query: ({ id, versionId }) => `/api/admin/pages/${id}/versions/${versionId}`,
      }),
    };
  },
});

export const {
  useGetBuiltPagesQuery,
  useGetBuiltPageQuery,
  useCreateBuiltPageMutation,
  useSaveBuiltPageDraftMutation,
  useDeleteBuiltPageMutation,
  usePublishBuiltPageMutation,
  useCancelBuiltPageScheduleMutation,
  useRestoreBuiltPageVersionMutation,
  useSaveBuiltPageNavMutation,
  usePreviewBuiltPageMutation,
  useGetBuiltPageVersionQuery,
} = pagesApi;
