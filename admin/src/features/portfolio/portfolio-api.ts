import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPortfolios: build.query<AnswerOf<'GET /api/portfolio'>, void>({
      query: () => '/api/portfolio',
      providesTags: (answer) => [
        ...(answer?.portfolios ?? []).map((item) => ({ type: 'Portfolio' as const, id: item._id })),
        { type: 'Portfolio' as const, id: LIST_ID },
      ],
    }),
    createPortfolio: build.mutation<AnswerOf<'POST /api/portfolio'>, BodyOf<'POST /api/portfolio'>>({
      query: (body) => ({ url: '/api/portfolio', method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? [{ type: 'Portfolio', id: LIST_ID }] : []),
    }),
    updatePortfolio: build.mutation<AnswerOf<'PUT /api/portfolio/:id'>, { id: string; body: BodyOf<'PUT /api/portfolio/:id'> }>({
      query: ({ id, body }) => ({ url: `/api/portfolio/${id}`, method: 'PUT', body }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
    // An item's case study (docs/features/case-studies.md): its story is saved by updatePortfolio (PUT with its fields),
    // which invalidates the item, and so this too.
    getCaseStudy: build.query<AnswerOf<'GET /api/admin/portfolio/:id'>, string>({
      query: (id) => `/api/admin/portfolio/${id}`,
      providesTags: (_answer, _error, id) => [{ type: 'Portfolio', id }],
    }),
    publishCaseStudy: build.mutation<AnswerOf<'POST /api/admin/portfolio/:id/publish'>, { id: string; at?: string }>({
      query: ({ id, at }) => ({ url: `/api/admin/portfolio/${id}/publish`, method: 'POST', body: at === undefined ? {} : { at } }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
    cancelCaseStudySchedule: build.mutation<AnswerOf<'DELETE /api/admin/portfolio/:id/schedule'>, { id: string }>({
      query: ({ id }) => ({ url: `/api/admin/portfolio/${id}/schedule`, method: 'DELETE' }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
    previewCaseStudy: build.mutation<AnswerOf<'POST /api/admin/portfolio/:id/preview'>, { id: string }>({
      query: ({ id }) => ({ url: `/api/admin/portfolio/${id}/preview`, method: 'POST' }),
    }),
    getCaseStudyVersion: build.query<AnswerOf<'GET /api/admin/portfolio/:id/versions/:versionId'>, { id: string; versionId: string }>({
      query: ({ id, versionId }) => `/api/admin/portfolio/${id}/versions/${versionId}`,
    }),
    restoreCaseStudyVersion: build.mutation<AnswerOf<'POST /api/admin/portfolio/:id/versions/:versionId/restore'>, { id: string; versionId: string }>({
      query: ({ id, versionId }) => ({ url: `/api/admin/portfolio/${id}/versions/${versionId}/restore`, method: 'POST' }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
    deletePortfolio: build.mutation<AnswerOf<'DELETE /api/portfolio/:id'>, string>({
      query: (id) => ({ url: `/api/portfolio/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer, _error, id) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
  }),
});

export const {
  useGetPortfoliosQuery,
  useCreatePortfolioMutation,
  useUpdatePortfolioMutation,
  useDeletePortfolioMutation,
  useGetCaseStudyQuery,
  usePublishCaseStudyMutation,
  useCancelCaseStudyScheduleMutation,
  usePreviewCaseStudyMutation,
  useRestoreCaseStudyVersionMutation,
  useGetCaseStudyVersionQuery,
} = portfolioApi;
