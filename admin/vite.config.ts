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
    rolldownOptions: {
      output: {
        // Split by route (src/app/router.tsx): the sign-in screens load React and the router only; the store
        // (redux) comes with the signed-in shell, react-toastify with the first toast. The libraries get chunks
        // of their own, which stay cached across releases of the app code and keep each file well under 500 kB.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'redux', test: /[\\/]node_modules[\\/](@reduxjs|immer|redux|react-redux|reselect|redux-thunk)[\\/]/ },
            { name: 'toastify', test: /[\\/]node_modules[\\/](react-toastify|clsx)[\\/]/ },
          ],
        },
      },
    },
  },
});
