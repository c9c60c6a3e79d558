/**
 * The pages of single sign-on the backend serves under the admin app's path (decision 093): where a sign-in starts,
 * and where the provider sends the browser back. Not the admin app's files: static-files.ts and nginx pass them on.
 */
export const SSO_START_PATH = '/admin/sso/start';
export const SSO_CALLBACK_PATH = '/admin/sso/callback';
export const SSO_PAGE_PATHS: readonly string[] = [SSO_START_PATH, SSO_CALLBACK_PATH];

/** The cookie that binds a started sign-in to its browser: only sent back to the two pages above. */
export const SSO_BROWSER_COOKIE = 'bw_sso';
export const SSO_COOKIE_PATH = '/admin/sso';
