import type { AnyApiRoute } from './api-route';
import { API } from './api-routes';
import { jsonSchemaOf, openApiDocument, openApiPath } from './openapi';

describe('the OpenAPI document of the route table', () => {
  const document = openApiDocument(API);

  it('has one operation per route of the table, at its method and path, named and guarded as the table says', () => {
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations).toHaveLength(Object.keys(API).length);
    for (const [name, route] of Object.entries(API)) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation).toMatchObject({ operationId: name, 'x-access': route.access });
      expect(Object.keys(operation!.responses)).toContain(String(route.status));
    }
  });

  it('describes path parameters in OpenAPI form and query fields as parameters', () => {
    const history = document.paths['/api/subscriptions/{id}/history']!.get!;
    expect(history.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const dayStops = document.paths['/api/day-stops']!.get!;
    expect(dayStops.parameters?.map(({ name, required }) => [name, required])).toEqual([
      ['month', true],
      ['assignee', false],
    ]);
  });

  // Apps parse replies with these schemas: one that refused a field it does not name would turn
  // a field a newer server adds into a reply the previous release's apps cannot read.
  it('has no reply schema that refuses fields it does not name', () => {
    const strict = Object.entries(API as Record<string, AnyApiRoute>)
      .filter(
        ([, route]) => route.response && JSON.stringify(jsonSchemaOf(route.response, 'input')).includes('"additionalProperties":false'),
      )
      .map(([name]) => name);
    expect(strict).toEqual([]);
  });
});
