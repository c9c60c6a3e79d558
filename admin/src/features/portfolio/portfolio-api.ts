import type { PortfolioItem, PortfolioPayload } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';

export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPortfolios: build.query<{ success: boolean; portfolios: PortfolioItem[] }, void>({
      query: () => '/api/portfolio',
      providesTags: (answer) => [
        ...(answer?.portfolios ?? []).map((item) => ({ type: 'Portfolio' as const, id: item._id })),
        { type: 'Portfolio' as const, id: LIST_ID },
      ],
    }),
    createPortfolio: build.mutation<{ success: boolean; data: PortfolioItem }, PortfolioPayload>({
      query: (body) => ({ url: '/api/portfolio', method: 'POST', body }),
      invalidatesTags: (answer) => (answer ? [{ type: 'Portfolio', id: LIST_ID }] : []),
    }),
    updatePortfolio: build.mutation<{ success: boolean; data: PortfolioItem }, { id: string; body: PortfolioPayload }>({
      query: ({ id, body }) => ({ url: `/api/portfolio/${id}`, method: 'PUT', body }),
      invalidatesTags: (answer, _error, { id }) => (answer ? [{ type: 'Portfolio', id }] : []),
    }),
    deletePortfolio: build.mutation<{ success: boolean }, string>({
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
} = portfolioApi;
