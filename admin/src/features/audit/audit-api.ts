import { EXPORT_HEADER, EXPORT_HEADER_CSV, type AnswerOf, type AuditQuery } from '@brightwave/common';
import { api, withoutEmpty } from '../../app/api';

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `csv`: the call of a CSV export, which the server records in the audit log itself. */
    getAuditEntries: build.query<AnswerOf<'GET /api/admin/audit'>, { query: AuditQuery; csv?: boolean }>({
      query: ({ query, csv }) => ({
        url: '/api/admin/audit',
        params: withoutEmpty(query),
        ...(csv ? { headers: { [EXPORT_HEADER]: EXPORT_HEADER_CSV } } : {}),
      }),
    }),
  }),
});

export const { useGetAuditEntriesQuery, useLazyGetAuditEntriesQuery } = auditApi;
