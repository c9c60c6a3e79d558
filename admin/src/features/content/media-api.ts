import { MEDIA_PAGE_SIZE, type AnswerOf } from '@brightwave/common';
import { api, LIST_ID } from '../../app/api';

const LIBRARY = { type: 'Media' as const, id: LIST_ID };

export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The picture goes as multipart/form-data (the browser sets its boundary); the answer's src is what a field stores.
    uploadMedia: build.mutation<AnswerOf<'POST /api/admin/media'>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/api/admin/media', method: 'POST', body: form };
      },
      invalidatesTags: (answer) => (answer ? [LIBRARY] : []),
    }),
    getMediaLibrary: build.query<AnswerOf<'GET /api/admin/media'>, number>({
      query: (page) => ({ url: '/api/admin/media', params: { page, limit: MEDIA_PAGE_SIZE } }),
      providesTags: [LIBRARY],
    }),
    deleteMedia: build.mutation<AnswerOf<'DELETE /api/admin/media/:id'>, string>({
      query: (id) => ({ url: `/api/admin/media/${id}`, method: 'DELETE' }),
      invalidatesTags: (answer) => (answer ? [LIBRARY] : []),
    }),
  }),
});

export const { useUploadMediaMutation, useGetMediaLibraryQuery, useDeleteMediaMutation } = mediaApi;
