/** Metadata key of the area an admin route belongs to: set by @AdminOnly(area), read by AdminAuthGuard. */
export const ADMIN_AREA = 'brightwave:admin-area';
