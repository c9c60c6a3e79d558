import type { AnswerOf, AuditQuery } from '@brightwave/common';
import { api, withoutEmpty } from '../../app/api';

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditEntries: build.query<AnswerOf<'GET /api/admin/audit'>, { query: AuditQuery }>({
      query: ({ query }) => ({ url: '/api/admin/audit', params: withoutEmpty(query) }),
    }),
  }),
});

export const { useGetAuditEntriesQuery } = auditApi;
