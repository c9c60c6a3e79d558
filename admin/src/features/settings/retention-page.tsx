import { RETENTION_ENV, RETENTION_KINDS, RETENTION_LABELS } from '@brightwave/common';
import { useEffect } from 'react';
import { PageHeader } from '../../components/page-header';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses, tableClasses, tdClasses, thClasses } from '../../components/ui/table';
import { logFailure } from '../../lib/api-error';
import { useGetRetentionQuery } from './retention-api';
import { SettingsTabs } from './settings-tabs';

/** Settings → Data retention: how long each kind of personal data is kept, read-only (set on the server by env). */
export function RetentionPage() {
  const { data, isLoading, isError, error, refetch } = useGetRetentionQuery();

  useEffect(() => {
    if (isError) logFailure('retention periods fetch failed', error);
  }, [isError, error]);

  return (
    <>
      <PageHeader title="Data retention">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          A daily purge removes personal data once it is older than its period. The periods are set on the server by the environment variables shown.
        </p>
      </PageHeader>
      <SettingsTabs />
      {isLoading ? (
        <Loading label="Loading retention periods…" />
      ) : data ? (
        <div className={`${cardClasses} overflow-x-auto`}>
          <table className={tableClasses}>
            <caption className="sr-only">Retention periods</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={thClasses}>
                  What is kept
                </th>
                <th scope="col" className={thClasses}>
                  Days
                </th>
                <th scope="col" className={thClasses}>
                  Set by
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {RETENTION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className={`${tdClasses} text-left font-medium`}>
                    {RETENTION_LABELS[kind]}
                  </th>
                  <td className={tdClasses}>{data.retention[kind]}</td>
                  <td className={tdClasses}>
                    <code>{RETENTION_ENV[kind]}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : isError ? (
        <LoadError onRetry={refetch} />
      ) : null}
    </>
  );
}
