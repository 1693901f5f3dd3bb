// The route table (api-routes.ts) as an OpenAPI 3.1 document: what `pnpm openapi` writes to
// shared/openapi.json, and what the release check compares with the previous release's
// (api-changes.ts, docs/releases.md). Built from the same zod schemas the server validates with
// and the browser parses replies with, so the document cannot say anything else.
import { z } from 'zod';
import type { AnyApiRoute } from './api-route';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  /** Who may call (api-route.ts ApiAccess). */
  'x-access': AnyApiRoute['access'];
  deprecated?: true;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, unknown>;
}

/** A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect): what a request may carry (input) or a reply carries (output). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // Names a form gives its fields in messages are the server's business, not the wire's.
    override: ({ jsonSchema }) => void delete (jsonSchema as JsonSchema).fieldNames,
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Fastify's `/api/users/:id` as OpenAPI's `/api/users/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

const FILE = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };

function parametersOf(route: AnyApiRoute): OpenApiOperation['parameters'] {
  const parts = [
    ['path', route.params],
    ['query', route.query],
  ] as const;
  const parameters = parts.flatMap(([where, schema]) => {
    if (!schema) return [];
    const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(json.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: property,
    }));
  });
  return parameters.length > 0 ? parameters : undefined;
}

function requestBodyOf(route: AnyApiRoute): OpenApiOperation['requestBody'] {
  if (route.request === 'raw') return { required: false, content: { '*/*': {} } };
  if (!route.body) return undefined;
  const fields = jsonSchemaOf(route.body, 'input');
  if (route.request === 'multipart') return { required: true, content: { 'multipart/form-data': { schema: fields } } };
  // A Firebase callable's fields travel as `{ data }`.
  const schema =
    route.request === 'callable'
      ? { type: 'object', properties: { data: fields }, required: ['data'], additionalProperties: false }
      : fields;
  return { required: true, content: { 'application/json': { schema } } };
}

function successContentOf(route: AnyApiRoute): Record<string, { schema?: JsonSchema }> | undefined {
  if (route.reply === 'empty') return undefined;
  if (route.reply === 'file') return { '*/*': FILE };
  // A stream's schema is each event's data.
  if (route.reply === 'event-stream')
    return { 'text/event-stream': route.response ? { schema: jsonSchemaOf(route.response, 'output') } : {} };
  if (!route.response) return { 'application/json': {} };
  const schema = jsonSchemaOf(route.response, 'output');
  // A callable answers `{ result }`.
  return {
    'application/json': {
      schema: route.request === 'callable' ? { type: 'object', properties: { result: schema }, required: ['result'] } : schema,
    },
  };
}

function operationOf(name: string, route: AnyApiRoute): OpenApiOperation {
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  const content = successContentOf(route);
  return {
    operationId: name,
    'x-access': route.access,
    ...(route.deprecated && { deprecated: true as const }),
    ...(route.access !== 'public' && { security: [{ firebaseIdToken: [] }] }),
    ...(parameters && { parameters }),
    ...(requestBody && { requestBody }),
    responses: {
      [String(route.status)]: { description: 'Success.', ...(content && { content }) },
      default: { $ref: '#/components/responses/Refusal' } as never,
    },
  };
}

/** The OpenAPI 3.1 document of a route table: one operation per entry, named as the table names it. */
export function openApiDocument(routes: Record<string, AnyApiRoute>): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, route] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(name, route) };
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Monthly Blooms API',
      version: '1',
      description:
        'Written by `pnpm openapi` from the route table (shared/src/contract/api-routes.ts); do not edit. The API has one version: ' +
        'it changes only as docs/releases.md allows, and `pnpm lint` compares it with the previous release.',
    },
    paths: sortedPaths,
    components: {
      securitySchemes: {
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A Firebase ID token: a staff member (x-access staff or admin) or a subscriber signed in by e-mail link (subscriber).',
        },
      },
      responses: {
        Refusal: {
          description: 'A refusal or failure: a code and a message that can be shown as it is.',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } }, required: ['message'] },
            },
          },
        },
      },
    },
  };
}
