import type { AnswerOf, BodyOf } from '@brightwave/common';
import { api, keepAnswer } from '../../app/api';

/** The signed-in admin's own availability for calls: working hours, call length and the busy calendar. */
export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<AnswerOf<'GET /api/admin/me/availability'>, void>({
      query: () => '/api/admin/me/availability',
      providesTags: ['Availability'],
    }),
    saveAvailability: build.mutation<AnswerOf<'PUT /api/admin/me/availability'>, BodyOf<'PUT /api/admin/me/availability'>>({
      query: (body) => ({ url: '/api/admin/me/availability', method: 'PUT', body }),
      // The answer is the availability as saved: it replaces the screen's copy without asking again.
      onQueryStarted: (_body, { dispatch, queryFulfilled }) =>
        keepAnswer(queryFulfilled, (answer) => dispatch(availabilityApi.util.upsertQueryData('getAvailability', undefined, answer))),
    }),
  }),
});

export const { useGetAvailabilityQuery, useSaveAvailabilityMutation } = availabilityApi;
