import { z } from 'zod';
import { apiRoute, type AnyApiRoute } from './api-route';
import { breakingChanges, describeChange, matchDeclarations } from './api-changes';
import { openApiDocument } from './openapi';

// A small API in two releases: each test changes one thing in the second and reads what the
// comparison says, as `pnpm lint` prints it.
const status = z.enum(['not-started', 'out-for-delivery', 'delivered']);
const row = z.object({
  id: z.string(),
  name: z.string(),
  status,
  notes: z.string().optional(),
  assignee: z.string().nullable(),
});
const body = z.strictObject({ month: z.string().max(7), status, note: z.string().max(200).optional() });
const query = z.strictObject({ month: z.string(), assignee: z.enum(['me', 'all']).optional() });
const event = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('charge'), amount: z.number().int() }),
  z.object({ kind: z.literal('skip'), month: z.string() }),
]);

const API = {
  listRows: apiRoute({ method: 'GET', path: '/api/rows', access: 'staff', query, response: z.array(row) }),
  setStatus: apiRoute({
    method: 'POST',
    path: '/api/rows/:id/status',
    access: 'staff',
    params: z.strictObject({ id: z.uuid() }),
    body,
    response: row,
  }),
  history: apiRoute({ method: 'GET', path: '/api/history', access: 'admin', response: z.object({ events: z.array(event) }) }),
  removeRow: apiRoute({
    method: 'DELETE',
    path: '/api/rows/:id',
    access: 'admin',
    params: z.strictObject({ id: z.uuid() }),
    status: 204,
    reply: 'empty',
  }),
} satisfies Record<string, AnyApiRoute>;

/** What the comparison says when the current release's table is the previous one changed by `change`. */
function changesAfter(change: (api: Record<string, AnyApiRoute>) => Record<string, AnyApiRoute>): string[] {
  return breakingChanges(openApiDocument(API), openApiDocument(change({ ...API }))).map(describeChange);
}

describe('breaking changes between two releases of the API document', () => {
  it('finds none between a document and itself', () => {
    expect(changesAfter((api) => api)).toEqual([]);
  });

  it('reports a route removed, by method and path', () => {
    expect(changesAfter(({ removeRow: _gone, ...rest }) => rest)).toEqual([
      'DELETE /api/rows/{id}: route removed (a route goes only after a release that marks it deprecated)',
    ]);
  });

  it('lets a route go that the previous release marked deprecated', () => {
    const previous = openApiDocument({ ...API, removeRow: { ...API.removeRow, deprecated: true } });
    const { removeRow: _gone, ...current } = API;
    expect(breakingChanges(previous, openApiDocument(current))).toEqual([]);
  });

  it('reports a reply field removed, naming the route and the field inside the list', () => {
    expect(changesAfter((api) => ({ ...api, listRows: { ...API.listRows, response: z.array(row.omit({ name: true })) } }))).toEqual([
      'GET /api/rows response[].name: removed (a reply field goes only after a release that marks it deprecated)',
    ]);
  });

  it('lets a reply field go that the previous release marked deprecated and optional, but not one it still required', () => {
    const withNotes = (notes: z.ZodType) => ({ ...API, listRows: { ...API.listRows, response: z.array(row.extend({ notes })) } });
    const withoutNotes = { ...API, listRows: { ...API.listRows, response: z.array(row.omit({ notes: true })) } };
    const optional = openApiDocument(withNotes(z.string().optional().meta({ deprecated: true })));
    expect(breakingChanges(optional, openApiDocument(withoutNotes))).toEqual([]);
    const required = openApiDocument(withNotes(z.string().meta({ deprecated: true })));
    expect(breakingChanges(required, openApiDocument(withoutNotes)).map(describeChange)).toEqual([
      "GET /api/rows response[].notes: removed while the previous release's apps still require it: deprecate it as optional first",
    ]);
  });

  it('reports a new required request field, in a body and in a query', () => {
    expect(
      changesAfter((api) => ({
        ...api,
        setStatus: { ...API.setStatus, body: body.extend({ reason: z.string() }) },
        listRows: { ...API.listRows, query: query.extend({ page: z.string() }) },
      })),
    ).toEqual(['GET /api/rows query.page: new required field', 'POST /api/rows/{id}/status body.reason: new required field']);
  });

  it('reports an optional request field made required, and one removed', () => {
    expect(
      changesAfter((api) => ({
        ...api,
        setStatus: { ...API.setStatus, body: body.extend({ note: z.string().max(200) }).omit({ month: true }) },
      })),
    ).toEqual([
      'POST /api/rows/{id}/status body.month: removed (a request field goes only after a release that marks it deprecated)',
      'POST /api/rows/{id}/status body.note: required now (was optional)',
    ]);
  });

  it('reports an enum value a request no longer accepts', () => {
    const narrowed = z.enum(['not-started', 'delivered']);
    expect(changesAfter((api) => ({ ...api, setStatus: { ...API.setStatus, body: body.extend({ status: narrowed }) } }))).toEqual([
      'POST /api/rows/{id}/status body.status: no longer accepts "out-for-delivery" (value removed)',
    ]);
  });

  it('reports a request type narrowed: a shorter limit, free text become a choice, text become a number', () => {
    expect(
      changesAfter((api) => ({
        ...api,
        setStatus: { ...API.setStatus, body: body.extend({ month: z.string().max(5), note: z.enum(['a', 'b']).optional() }) },
        listRows: { ...API.listRows, query: query.extend({ month: z.number() }) },
      })),
    ).toEqual([
      'GET /api/rows query.month: type changed from string to number',
      'POST /api/rows/{id}/status body.month: maxLength narrowed (was 7, now 5)',
      'POST /api/rows/{id}/status body.note: accepts only "a", "b" now',
    ]);
  });

  it('reports a request part that no longer accepts null, a path parameter narrowed, and map values narrowed', () => {
    const assign = apiRoute({
      method: 'POST',
      path: '/api/rows/:id/assign',
      access: 'staff',
      params: z.strictObject({ id: z.string() }),
      body: z.strictObject({ assignee: z.string().nullable(), counts: z.record(z.string(), z.number()) }),
    });
    const previous = openApiDocument({ assign });
    const current = openApiDocument({
      assign: {
        ...assign,
        params: z.strictObject({ id: z.uuid() }),
        body: z.strictObject({ assignee: z.string(), counts: z.record(z.string(), z.number().int()) }),
      },
    });
    expect(breakingChanges(previous, current).map(describeChange)).toEqual([
      expect.stringMatching(/^POST \/api\/rows\/\{id\}\/assign params\.id: pattern narrowed/),
      'POST /api/rows/{id}/assign params.id: format narrowed (was none, now uuid)',
      'POST /api/rows/{id}/assign body.assignee: no longer accepts null',
      'POST /api/rows/{id}/assign body.counts.*: accepts only whole numbers now',
    ]);
  });

  it('reports a reply value the previous apps cannot read: a new enum value, a null, a field that may be missing', () => {
    const wider = row.extend({ status: z.enum([...status.options, 'returned']), name: z.string().nullable(), id: z.string().optional() });
    expect(changesAfter((api) => ({ ...api, setStatus: { ...API.setStatus, response: wider } }))).toEqual([
      "POST /api/rows/{id}/status response.id: may now be missing, which the previous release's apps cannot read",
      "POST /api/rows/{id}/status response.name: may now be null, which the previous release's apps cannot read",
      `POST /api/rows/{id}/status response.status: may now be "returned", a value the previous release's apps do not know`,
    ]);
  });

  it('reports a new variant of a reply union, and a change inside a variant, naming the variant', () => {
    const events = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('charge'), amount: z.number() }),
      z.object({ kind: z.literal('skip'), month: z.string() }),
      z.object({ kind: z.literal('pause'), from: z.string() }),
    ]);
    expect(changesAfter((api) => ({ ...api, history: { ...API.history, response: z.object({ events: z.array(events) }) } }))).toEqual([
      "GET /api/history response.events[](kind=charge).amount: may now be a fraction, which the previous release's apps refuse",
      "GET /api/history response.events[]: may now be kind=pause, which the previous release's apps cannot read",
    ]);
  });

  it('compares a stream’s events as a reply: a kind of event the previous apps do not know is reported', () => {
    const events = (kinds: [string, ...string[]]) =>
      apiRoute({ method: 'GET', path: '/api/live', access: 'staff', reply: 'event-stream', response: z.object({ type: z.enum(kinds) }) });
    expect(
      breakingChanges(openApiDocument({ live: events(['delivery']) }), openApiDocument({ live: events(['delivery', 'pause']) })).map(
        describeChange,
      ),
    ).toEqual([`GET /api/live response.type: may now be "pause", a value the previous release's apps do not know`]);
  });

  it('reports a changed success status or reply kind', () => {
    expect(changesAfter((api) => ({ ...api, removeRow: { ...API.removeRow, status: 200, reply: 'json', response: row } }))).toEqual([
      'DELETE /api/rows/{id} response: answers 200 now (was 204)',
      'DELETE /api/rows/{id} response: answers application/json now (was nothing)',
    ]);
  });

  it('passes additive changes: a new route, new optional request fields, new reply fields, a request accepting more, a reply promising more', () => {
    expect(
      changesAfter((api) => ({
        ...api,
        rowCount: apiRoute({ method: 'GET', path: '/api/rows/count', access: 'staff', response: z.number() }),
        listRows: {
          ...API.listRows,
          query: query.extend({ assignee: z.enum(['me', 'all', 'nobody']).optional(), page: z.string().optional() }),
          response: z.array(row.extend({ notes: z.string(), status: z.enum(['not-started', 'delivered']), area: z.string() })),
        },
        setStatus: {
          ...API.setStatus,
          body: body.extend({ month: z.string().max(20).optional(), note: z.string().optional(), urgent: z.boolean().optional() }),
          response: row.extend({ assignee: z.string() }),
        },
      })),
    ).toEqual([]);
  });
});

describe('breaking changes declared on purpose (releases/breaking-changes.json)', () => {
  const removed = { route: 'DELETE /api/rows/{id}', field: null, change: 'route removed' };
  const narrowed = { route: 'POST /api/rows/{id}/status', field: 'body.status', change: 'no longer accepts "returned" (value removed)' };
  const declaration = { deprecatedIn: 'abc1234', why: 'Returns are recorded as a delivery now.' };

  it('excuses a change declared by its route and field, and only that one', () => {
    const declared = [{ ...declaration, route: narrowed.route, field: 'body.status' }];
    expect(matchDeclarations([removed, narrowed], declared)).toEqual({ undeclared: [removed], declared, stale: [] });
  });

  it('names a declaration no change matches as stale: a field of another route, or a change already released', () => {
    const elsewhere = { ...declaration, route: 'POST /api/rows', field: 'body.status' };
    const routeOnly = { ...declaration, route: removed.route };
    expect(matchDeclarations([removed], [elsewhere, routeOnly])).toEqual({ undeclared: [], declared: [routeOnly], stale: [elsewhere] });
  });
});
