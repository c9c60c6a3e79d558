/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when the back office is served from another host; empty means same origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
