import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// The CommonJS build of packages/common: its ES build is for bundlers (extensionless imports), not for Node.
const { THEME_INIT_SCRIPT } = createRequire(import.meta.url)('@brightwave/common') as typeof import('@brightwave/common');

// react-router's package exports resolve to its development build everywhere; the production build is the
// same code without the development warnings.
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');

// What every route needs once the boot script asks for the app: React, the router, the shell (navbar,
// footer), the UI primitives, the shared lib and constants. One chunk instead of the many small common chunks
// automatic splitting makes: each request costs a round trip and its headers.
const APP_MODULES = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
  // Not the uploaded pictures' helpers (only the pages that show a content picture use them), nor the forms'
  // confirmations (loaded after a success), nor the forms' custom questions (loaded with them), nor booking's texts
  // and rules (only a booking link's page uses them), nor the retention periods (only /privacy states them), nor which
  // content each path shows (only the content loader asks, NAVIGATION_MODULES).
  /packages[\\/]common[\\/](?!(src|dist[\\/]esm)[\\/](media|form-confirmations|form-questions|booking|privacy|content-paths)\.)/,
  /site[\\/]src[\\/](app|hydrate|routes)\.tsx?$/,
  // Not the dialogs (applying for a job and a project's details open them) nor the portfolio's error boundary.
  /site[\\/]src[\\/]components[\\/](layout[\\/](?!toast-container)|ui[\\/](?!modal-dialog|error-boundary)|rotation-controls|privacy-note)/,
  // Not what only the careers list, a job's page and the apply form use (form-rules: the resume's and the filters'
  // rules), nor the home page's choice of a service in its quote form, nor a built page's head: every route's first
  // load stays in its budget. Nor the booking page's times. Nor what only a navigation inside the site needs
  // (NAVIGATION_MODULES).
  /site[\\/]src[\\/]lib[\\/](?!(job-posting|job-filters|form-rules|text-summary|quote-form-state|built-page-head|booking-times)\.ts$|(content-loader|seo|head-tags|page-meta|job-head)\.ts$)/,
  /site[\\/]src[\\/]content[\\/](company|services)\.ts$/,
];

// What a navigation inside the site needs and a page's first load does not (its content and head came with it): the
// content loader and the head writer (decision 056), one chunk fetched with the first navigation.
const NAVIGATION_MODULES = [
  /site[\\/]src[\\/]lib[\\/](content-loader|seo|head-tags|page-meta|job-head)\.ts$/,
  /packages[\\/]common[\\/](src|dist[\\/]esm)[\\/]content-paths\./,
];

const CONTENT_RENDER_MODULES = [/site[\\/]src[\\/]components[\\/](rich-text|content-image)\.tsx$/, /packages[\\/]common[\\/](src|dist[\\/]esm)[\\/]media\./];

/**
 * react-router's bundle creates its components and contexts at module level (`forwardRef(...)`,
 * `createContext(...)`, `X.displayName = ...`), and the data router's lookup tables (`new Set(...)` of HTTP
 * methods, the names of `Object.prototype` by `Object.getOwnPropertyNames(...)`), which a bundler must keep as
 * possible side effects: every route would ship the data router's <Form>, fetchers and the like although the site
 * never renders them. These calls are pure and the names only serve React DevTools, so they are marked and dropped
 * where nothing uses them (0.1 KB of brotli for the tables, made room for the navigation's built pages).
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    transform(code, id) {
      if (!/react-router[\\/]dist[\\/]production[\\/].*\.mjs$/.test(id)) return null;
      const marked = code
        .replace(/\bReact\d*\.(forwardRef|createContext|memo)\(|\bnew (Set|Map)\(|\bObject\.getOwnPropertyNames\(/g, '/* @__PURE__ */ $&')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
      return { code: marked, map: null };
    },
  };
}

/**
 * Nothing but the HTML holds the first paint back: the colour-theme script (allowed by the CSP through its hash) and,
 * in the build, the stylesheet (about 6 KB of brotli) are inlined in the <head> of every page instead of being two
 * requests the browser must finish before it paints (Lighthouse's render-blocking audit: 150 ms on its phone).
 */
function inlineRenderBlocking(): Plugin {
  return {
    name: 'inline-render-blocking',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        let page = html.replace('<!--theme-init-->', () => `<script>${THEME_INIT_SCRIPT}</script>`);
        for (const file of Object.values(context.bundle ?? {})) {
          if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
          const link = new RegExp(`<link rel="stylesheet"[^>]*? href="/${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`);
          const css = typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8');
          page = page.replace(link, () => `<style>${css}</style>`);
        }
        return page;
      },
    },
  };
}

/**
 * Vite wraps every dynamic import of the client build in its preload helper, which would add `<link rel=modulepreload>`
 * for the imported chunk's dependencies and its stylesheets, and report failures as a `vite:preloadError` event. With
 * `modulePreload: false` only the stylesheets are left for it to do, yet all of it (0.6 KB of brotli) ships in the boot
 * script, which every route loads first. This is the same helper with only that: it adds the stylesheets a
 * dynamically imported chunk needs (the toast container's) and then imports the chunk. (vitejs/vite#18551 asks Vite
 * to leave the helper out itself.)
 */
function slimPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'slim-preload-helper',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== '\0vite/preload-helper.js') return null;
      return `export const __vitePreload = (load, deps) =>
  Promise.all((deps || []).map((file) => new Promise((loaded) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = ${JSON.stringify(base)} + file;
    link.onload = link.onerror = loaded;
    document.head.append(link);
  }))).then(load);`;
    },
  };
}

// Client build to dist/; `vite build --ssr` reuses this file for the server entry that prerenders every route.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), reactRouterTreeShaking(), inlineRenderBlocking(), slimPreloadHelper()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
      { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
    ],
  },
  define: {
    'import.meta.env.BUILD_YEAR': JSON.stringify(new Date().getFullYear()),
    // The server entry bundles React: its production build only, whatever NODE_ENV the backend runs with.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  // The server entry is one self-contained CommonJS file: the backend (CommonJS, and its image carries no
  // React) requires it to render /portfolio at request time.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        assetsInlineLimit: 0,
        // No preload helper in front of each import(): the boot script asks for the app and the page chunk
        // at the same time itself, and the helper's dependency lists would only add bytes to every chunk.
        modulePreload: false,
        rolldownOptions: {
          // Reading a property has no side effect in this code (no getters that do work): a module-level read of an
          // imported constant (`MAX_LENGTH.message` in the shared package) then keeps neither itself nor its object in
          // the app chunk where nothing uses them (0.07 KB of brotli on every route).
          treeshake: { propertyReadSideEffects: false },
          output: {
            codeSplitting: {
              // Not recursively: the boot script's own modules (page-loaders, Vite's preload helper) stay in
              // the boot chunk, so the boot script does not import the app before the first paint.
              includeDependenciesRecursively: false,
              groups: [
                { name: 'app', test: (id: string) => APP_MODULES.some((pattern) => pattern.test(id)) },
                { name: 'navigation', test: (id: string) => NAVIGATION_MODULES.some((pattern) => pattern.test(id)) },
                // The content's prose and pictures in one chunk: /services shows both, and a script fewer to fetch
                // (its headers cost about as much as either's code) keeps it within its budget.
                { name: 'content-render', test: (id: string) => CONTENT_RENDER_MODULES.some((pattern) => pattern.test(id)) },
              ],
            },
          },
        },
      },
}));
