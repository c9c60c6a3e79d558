import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// Client build to dist/ (with a manifest so the prerender step can preload each route's chunk);
// `vite build --ssr` reuses this file for the server entry that prerenders every route.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  define: {
    'import.meta.env.BUILD_YEAR': JSON.stringify(new Date().getFullYear()),
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, manifest: true, assetsInlineLimit: 0 },
}));
