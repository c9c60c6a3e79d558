/**
 * Every method + path Fastify has registered, read from its route tree, e.g.
 *   ├── /api/leads (POST, GET, HEAD)
 *   │   └── /:id/status (PATCH)
 * Paths keep their parameters (`:id`; several names for one position print as `:jobId|:applicationId`).
 */
export function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('').replace(/\/+/g, '/');
    for (const method of (match[3] ?? '').split(',').map((item) => item.trim())) {
      if (method) routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** The routes of a running app, OPTIONS (the CORS preflight, which carries no data) left out. */
export function appRoutes(app: { getHttpAdapter(): { getInstance(): { printRoutes(options: { commonPrefix: boolean }): string } } }): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  return registeredRoutes(tree).filter((route) => !route.startsWith('OPTIONS '));
}
