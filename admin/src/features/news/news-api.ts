import type { AnswerOf, BodyOf, PostDetails } from '@brightwave/common';
import { api, keepAnswer, LIST_ID } from '../../app/api';
import { REDIRECTS_TAG } from '../pages/redirects-api';

// Posts share the 'Page' tag type (ids `post:<id>`, `post:LIST`): a tag type of their own would add bytes to the first
// load (app/api.ts), which has none to spare; the ids keep them apart from the built pages'.
const postTag = (id: string) => ({ type: 'Page' as const, id: `post:${id}` });
const LIST_TAG = { type: 'Page' as const, id: `post:${LIST_ID}` };
const listChanged = (answer: unknown) => (answer ? [LIST_TAG] : []);

interface PostArg {
  id: string;
}

/** News (docs/features/news.md): as for built pages, every change answers the post as it now is. */
export const newsApi = api.injectEndpoints({
  endpoints: (build) => {
    const keepPost = (
      { id }: PostArg,
      { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: { post: PostDetails } }> },
    ) => keepAnswer(queryFulfilled, ({ post }) => dispatch(newsApi.util.upsertQueryData('getPost', id, { success: true, post })));
    return {
      getPosts: build.query<AnswerOf<'GET /api/admin/posts'>, void>({
        query: () => '/api/admin/posts',
        providesTags: (answer) => [LIST_TAG, ...(answer?.posts ?? []).map((post) => postTag(post._id))],
      }),
      getPost: build.query<AnswerOf<'GET /api/admin/posts/:id'>, string>({
        query: (id) => `/api/admin/posts/${id}`,
        providesTags: (_answer, _error, id) => [postTag(id)],
      }),
      createPost: build.mutation<AnswerOf<'POST /api/admin/posts'>, BodyOf<'POST /api/admin/posts'>>({
        query: (body) => ({ url: '/api/admin/posts', method: 'POST', body }),
        invalidatesTags: listChanged,
      }),
      savePostDraft: build.mutation<AnswerOf<'PUT /api/admin/posts/:id'>, PostArg & BodyOf<'PUT /api/admin/posts/:id'>>({
        query: ({ id, ...body }) => ({ url: `/api/admin/posts/${id}`, method: 'PUT', body }),
        onQueryStarted: keepPost,
        invalidatesTags: listChanged,
      }),
      deletePost: build.mutation<AnswerOf<'DELETE /api/admin/posts/:id'>, PostArg>({
        query: ({ id }) => ({ url: `/api/admin/posts/${id}`, method: 'DELETE' }),
        invalidatesTags: listChanged,
      }),
      // A post published at a new address leaves a redirect behind.
      publishPost: build.mutation<AnswerOf<'POST /api/admin/posts/:id/publish'>, PostArg & BodyOf<'POST /api/admin/posts/:id/publish'>>({
        query: ({ id, at }) => ({ url: `/api/admin/posts/${id}/publish`, method: 'POST', body: at === undefined ? {} : { at } }),
        onQueryStarted: keepPost,
        invalidatesTags: (answer) => (answer ? [LIST_TAG, REDIRECTS_TAG] : []),
      }),
      cancelPostSchedule: build.mutation<AnswerOf<'DELETE /api/admin/posts/:id/schedule'>, PostArg>({
        query: ({ id }) => ({ url: `/api/admin/posts/${id}/schedule`, method: 'DELETE' }),
        onQueryStarted: keepPost,
        invalidatesTags: listChanged,
      }),
      previewPost: build.mutation<AnswerOf<'POST /api/admin/posts/:id/preview'>, PostArg>({
        query: ({ id }) => ({ url: `/api/admin/posts/${id}/preview`, method: 'POST' }),
      }),
      getPostVersion: build.query<AnswerOf<'GET /api/admin/posts/:id/versions/:versionId'>, PostArg & { versionId: string }>({
        query: ({ id, versionId }) => `/api/admin/posts/${id}/versions/${versionId}`,
      }),
      restorePostVersion: build.mutation<AnswerOf<'POST /api/admin/posts/:id/versions/:versionId/restore'>, PostArg & { versionId: string }>({
        query: ({ id, versionId }) => ({ url: `/api/admin/posts/${id}/versions/${versionId}/restore`, method: 'POST' }),
        onQueryStarted: keepPost,
        invalidatesTags: listChanged,
      }),
    };
  },
});

export const {
  useGetPostsQuery,
  useGetPostQuery,
  useCreatePostMutation,
  useSavePostDraftMutation,
  useDeletePostMutation,
  usePublishPostMutation,
  useCancelPostScheduleMutation,
  usePreviewPostMutation,
  useRestorePostVersionMutation,
  useGetPostVersionQuery,
} = newsApi;
