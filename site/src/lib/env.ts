// The only module that reads build-time configuration.
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
export const SITE_URL_OVERRIDE = import.meta.env.VITE_SITE_URL;
export const BUILD_YEAR = import.meta.env.BUILD_YEAR;
