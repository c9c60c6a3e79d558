import type { AdminDetails } from '@brightwave/common';
import type { AdminRow } from '../database/schema';

/** What the admin app stores as adminDetails; never the password hash. */
export function toAdminDetails(row: Pick<AdminRow, 'id' | 'name' | 'email'>): AdminDetails {
  return { _id: row.id, id: row.id, name: row.name, email: row.email };
}
