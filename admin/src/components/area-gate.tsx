import { ADMIN_ROLE_LABELS, canUse, type AdminArea, type AdminRole } from '@brightwave/common';
import type { ReactNode } from 'react';
import { useGetAccountQuery } from '../features/account/account-api';
import { PageHeader } from './page-header';
import { Loading } from './ui/feedback';

/** Whether the role may use the area, or any of the areas (My work: the inbox or the jobs). */
export function mayUse(role: AdminRole, area: AdminArea | readonly AdminArea[]): boolean {
  return typeof area === 'string' ? canUse(role, area) : area.some((one) => canUse(role, one));
}

/**
 * A screen of one area of the back office (or of any of several: My work): shown when the signed-in admin's role may
 * use it, else a page saying so (the server answers 403 to its calls anyway; this is what a person reads instead of
 * failing lists).
 */
export function AreaGate({ area, children }: { area: AdminArea | readonly AdminArea[]; children: ReactNode }) {
  const { data } = useGetAccountQuery();
  if (!data) return <Loading label="Loading your account…" />;
  if (mayUse(data.account.role, area)) return children;
  return (
    <PageHeader title="Not allowed">
      <p className="mt-1 text-sm text-gray-700">
        Your role ({ADMIN_ROLE_LABELS[data.account.role]}) does not include this page. An owner can change your role on the Admins screen.
      </p>
    </PageHeader>
  );
}
