/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API; empty means the same origin as the site. */
  readonly VITE_API_BASE_URL?: string;
  /** Public origin of the site, used for canonical URLs, Open Graph and the sitemap. */
  readonly VITE_SITE_URL?: string;
  /** Year of the build, so the prerendered copyright line hydrates without a mismatch. */
  readonly BUILD_YEAR: number;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
