import type { AnswerOf, BodyOf, QuestionForm } from '@brightwave/common';
import { api } from '../../app/api';

const formsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The quote and contact forms' questions, as stored. */
    getForms: build.query<AnswerOf<'GET /api/admin/forms'>, void>({
      query: () => '/api/admin/forms',
      providesTags: ['FormQuestions'],
    }),
    /** Replaces one form's questions; the answer holds them as stored (the editor starts again from there). */
    saveFormQuestions: build.mutation<AnswerOf<'PUT /api/admin/forms/:form'>, { form: QuestionForm } & BodyOf<'PUT /api/admin/forms/:form'>>({
      query: ({ form, questions }) => ({ url: `/api/admin/forms/${form}`, method: 'PUT', body: { questions } }),
      invalidatesTags: (answer) => (answer ? ['FormQuestions'] : []),
    }),
  }),
});

export const { useGetFormsQuery, useSaveFormQuestionsMutation } = formsApi;
