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
    deletePortfolio: build.mutation<AnswerOf<'DELETE /api/portfolio/:id'>, string>({
      query: (id) => ({ url: `/api/portfolio/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer, _error, id) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
  }),
});

export const { useGetPortfoliosQuery, useCreatePortfolioMutation, useUpdatePortfolioMutation, useDeletePortfolioMutation } = portfolioApi;
