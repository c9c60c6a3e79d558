// Same values as a default Vite build (same-origin API, build year = this year).
export const API_BASE_URL = '';
export const SITE_URL_OVERRIDE = undefined;
export const BUILD_YEAR = new Date().getFullYear();
