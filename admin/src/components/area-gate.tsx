import { ADMIN_ROLE_LABELS, canUse, type AdminArea } from '@brightwave/common';
import type { ReactNode } from 'react';
import { useGetAccountQuery } from '../features/account/account-api';
import { PageHeader } from './page-header';
import { Loading } from './ui/feedback';

/**
 * A screen of one area of the back office: shown when the signed-in admin's role may use it, else a page saying
 * so (the server answers 403 to its calls anyway; this is what a person reads instead of failing lists).
 */
export function AreaGate({ area, children }: { area: AdminArea; children: ReactNode }) {
  const { data } = useGetAccountQuery();
  if (!data) return <Loading label="Loading your account…" />;
  if (canUse(data.account.role, area)) return children;
  return (
    <PageHeader title="Not allowed">
      <p className="mt-1 text-sm text-gray-700">
        Your role ({ADMIN_ROLE_LABELS[data.account.role]}) does not include this page. An owner can change your role on the Admins screen.
      </p>
    </PageHeader>
  );
}
