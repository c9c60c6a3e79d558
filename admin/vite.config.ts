import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the backend (and nginx) under /admin/; in development the API is proxied to the backend.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '^/admin/(login|verify-2fa|resend-otp|logout)$': {
        target: 'http://127.0.0.1:3000',
        // Only the API's POSTs go to the backend; GETs of these paths are the app's own pages.
        bypass: (req) => (req.method === 'GET' ? req.url : undefined),
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
