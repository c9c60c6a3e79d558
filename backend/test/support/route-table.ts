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
    const [, indent, segment, methods = ''] = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line.trimEnd()) ?? [];
    if (indent === undefined || segment === undefined) continue;
    const depth = indent.length / 4;
    stack.length = depth;
    stack.push(segment);
    const path = stack.join('').replace(/\/+/g, '/');
    for (const method of methods.split(',').map((item) => item.trim())) {
      if (method) routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

/** The method and the path pattern of a route written `METHOD /path` (the contract's keys, appRoutes' entries). */
export function routeParts(route: string): { method: string; pattern: string } {
  const [method, pattern] = route.split(' ');
  if (method === undefined || pattern === undefined) throw new Error(`${route} is not "METHOD /path"`);
  return { method, pattern };
}

/** The routes of a running app, OPTIONS (the CORS preflight, which carries no data) left out. */
export function appRoutes(app: { getHttpAdapter(): { getInstance(): { printRoutes(options: { commonPrefix: boolean }): string } } }): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  return registeredRoutes(tree).filter((route) => !route.startsWith('OPTIONS '));
}
