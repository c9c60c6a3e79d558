// After `vite build` (client) and `vite build --ssr` (server entry): writes dist/<route>/index.html for
// every public route, dist/404.html, sitemap.xml and robots.txt. Each page gets its own <head>; its only
// script is the boot entry, which requests the app and the page's chunk after the first paint.
// dist-ssr/ stays, with the template and the list of routes beside the server entry: the backend renders every page
// from them at request time, with the published content and the current projects (docs/features/site-content.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const serverDir = path.join(root, 'dist-ssr');
const { renderDocument, routes, siteUrl } = await import(pathToFileURL(path.join(serverDir, 'entry-server.cjs')).href);

const template = await fs.readFile(path.join(dist, 'index.html'), 'utf8');
await fs.writeFile(path.join(serverDir, 'template.html'), template);

async function writePage(url, file) {
  const page = await renderDocument(template, url);
  const target = path.join(dist, file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, page);
  console.log(`prerendered ${url} -> dist/${file}`);
}

for (const route of routes) {
  const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`;
  await writePage(route.path, file);
}
await writePage('/404', '404.html');

const today = new Date().toISOString().slice(0, 10);
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
  ...routes.map((route) => `  <url><loc>${siteUrl}${route.path}</loc><lastmod>${today}</lastmod></url>`),
  '</urlset>',
  '',
].join('\n');
await fs.writeFile(path.join(dist, 'sitemap.xml'), sitemap);
// Previews and booking links are one person's pages (signed links): never crawled, as they are never indexed.
await fs.writeFile(
  path.join(dist, 'robots.txt'),
  ['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /preview/', 'Disallow: /book/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n'),
);
// The backend renders each of these pages with the published content (backend/src/static/rendered-pages.ts).
await fs.writeFile(path.join(serverDir, 'routes.json'), `${JSON.stringify(routes.map((route) => route.path))}\n`);
console.log('wrote sitemap.xml, robots.txt and dist-ssr/routes.json');
