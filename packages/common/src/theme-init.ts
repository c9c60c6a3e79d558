/** Where the site remembers the visitor's colour theme ('dark' or 'light'; none: the system's). */
export const THEME_STORAGE_KEY = 'brightwave-theme';

/**
 * Applies the remembered (or the system's) colour theme before the first paint. The site's build inlines it in the
 * <head> of every page (site/vite.config.ts), so no request holds the first paint back; the Content-Security-Policy
 * allows exactly this text by its hash (THEME_INIT_SCRIPT_HASH, checked by backend/src/common/security-headers.spec.ts).
 */
export const THEME_INIT_SCRIPT = `(function(){try{var saved=localStorage.getItem('${THEME_STORAGE_KEY}');document.documentElement.classList.toggle('dark',saved?saved==='dark':matchMedia('(prefers-color-scheme: dark)').matches)}catch(error){}})()`;

/** The CSP source for THEME_INIT_SCRIPT: its SHA-256, base64. */
export const THEME_INIT_SCRIPT_HASH = "'sha256-xbL+KS9bkI7gPxOJlXQqEofpaaSqbKqj4ge17gTE5Iw='";
