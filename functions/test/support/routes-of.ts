import type { FastifyInstance } from 'fastify';

/** Every route an app registers, as method and a path that reaches it (parameters filled in). */
export function routesOf(app: FastifyInstance): { method: string; path: string }[] {
  // printRoutes draws the route tree, one node a line, four columns per level:
  //   └── / (GET, HEAD)
  //       ├── api/
  //       │   ├── me (GET, HEAD)
  const routes: { method: string; path: string }[] = [];
  const trail: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[└├]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    trail.length = depth;
    trail.push(match[2]!);
    const path = trail
      .join('')
      .replace(/:[^/]+/g, 'x')
      .replace(/\*/g, 'x');
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path });
  }
  return routes;
}
