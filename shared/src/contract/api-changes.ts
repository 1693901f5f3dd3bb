// What in an API document would break a browser app one release apart (docs/releases.md, "The
// API contract"): `pnpm lint` compares the document of HEAD with the previous release's.
//
// A request must still be accepted as the previous release's apps send it: a request part may
// only widen (a field added as optional, a limit relaxed, an enum value added). A reply must
// still be readable by the previous release's apps, which parse it with their own schemas: a
// reply may only narrow or gain fields (apps drop fields they do not know), never send a value
// those schemas refuse (a new enum value, a null, a field left out that they require). A route
// or field goes only after a release that marked it deprecated, optional.
import type { OpenApiDocument, OpenApiOperation } from './openapi';

export interface BreakingChange {
  /** Method and OpenAPI path: `GET /api/subscriptions/{id}/history`. */
  route: string;
  /** Where in the request or reply: `query.month`, `body.months[]`, `response.rows[].delivery.state`; null for the route itself. */
  field: string | null;
  /** What changed, in words. */
  change: string;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  propertyNames?: Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  deprecated?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [keyword: string]: unknown;
};

/** Which side reads the part: the server reads requests (it must accept what it accepted), apps read replies. */
type Side = 'request' | 'reply';

type Report = (field: string, change: string) => void;

const PREVIOUS_APPS = "the previous release's apps";

/** A schema's alternatives: anyOf/oneOf branches, and one per type of a type list. */
function branchesOf(schema: Schema): Schema[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.flatMap(branchesOf);
  if (Array.isArray(schema.type)) return schema.type.map((type) => ({ ...schema, type }));
  return [schema];
}

/** The kind of value a branch holds; 'any' when it says nothing about it. */
function kindOf(schema: Schema): string {
  if (typeof schema.type === 'string') return schema.type === 'integer' ? 'number' : schema.type;
  const values = valuesOf(schema);
  if (values) return values[0] === null ? 'null' : typeof values[0];
  return 'any';
}

const valuesOf = (schema: Schema): unknown[] | null => schema.enum ?? ('const' in schema ? [schema.const] : null);

/** An object branch's tag: a required property with one value (`kind: "refund"`), which tells a union's variants apart. */
function tagOf(schema: Schema): [string, unknown] | null {
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    if ((schema.required ?? []).includes(key) && 'const' in property) return [key, property.const];
  return null;
}

function labelOf(schema: Schema): string {
  const tag = tagOf(schema);
  if (tag) return `${tag[0]}=${String(tag[1])}`;
  const kind = kindOf(schema);
  return kind === 'any' ? 'any value' : kind;
}

/** The alternative of `among` that holds the same values as `branch`: the same tag, or the same kind. */
function counterpartOf(branch: Schema, among: Schema[]): Schema | null {
  const tag = tagOf(branch);
  if (tag) return among.find((other) => tagOf(other)?.[0] === tag[0] && tagOf(other)?.[1] === tag[1]) ?? null;
  return among.find((other) => kindOf(other) === kindOf(branch)) ?? among.find((other) => kindOf(other) === 'any') ?? null;
}

const list = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join(', ');

/** A lower or upper bound of a number, exclusive or not, from either keyword; a whole number's safe range is no bound. */
function boundOf(schema: Schema, end: 'min' | 'max'): { value: number; exclusive: boolean } | null {
  const [inclusive, exclusive] = end === 'min' ? [schema.minimum, schema.exclusiveMinimum] : [schema.maximum, schema.exclusiveMaximum];
  if (exclusive !== undefined) return { value: exclusive, exclusive: true };
  return inclusive === undefined || Math.abs(inclusive) === Number.MAX_SAFE_INTEGER ? null : { value: inclusive, exclusive: false };
}

/** Whether bound `inner` keeps values within bound `outer` (a null bound is none). */
function boundWithin(inner: ReturnType<typeof boundOf>, outer: ReturnType<typeof boundOf>, end: 'min' | 'max'): boolean {
  if (!outer) return true;
  if (!inner) return false;
  if (inner.value === outer.value) return inner.exclusive || !outer.exclusive;
  return end === 'min' ? inner.value > outer.value : inner.value < outer.value;
}

const describeBound = (bound: ReturnType<typeof boundOf>, end: 'min' | 'max') =>
  bound ? `${end === 'min' ? '>' : '<'}${bound.exclusive ? '' : '='} ${bound.value}` : 'none';

/**
 * Finds where `narrow` holds a value `wide` does not (on the request side, the previous schema is
 * the narrow one: what old apps send must still fit the new schema; on the reply side, the new
 * one: what the new server sends must fit the old apps' schema).
 */
function checkWithin(narrow: Schema, wide: Schema, side: Side, field: string, report: Report): void {
  const narrowBranches = branchesOf(narrow);
  const wideBranches = branchesOf(wide);
  if (narrowBranches.length > 1 || wideBranches.length > 1) {
    for (const branch of narrowBranches) {
      const counterpart = counterpartOf(branch, wideBranches);
      if (counterpart) checkWithin(branch, counterpart, side, tagOf(branch) ? `${field}(${labelOf(branch)})` : field, report);
      else if (side === 'request') report(field, `no longer accepts ${labelOf(branch)}`);
      else report(field, `may now be ${labelOf(branch)}, which ${PREVIOUS_APPS} cannot read`);
    }
    return;
  }
  const [kind, wideKind] = [kindOf(narrow), kindOf(wide)];
  if (wideKind === 'any') return;
  if (kind !== wideKind) {
    const [was, now] = side === 'request' ? [kind, wideKind] : [wideKind, kind];
    report(field, `type changed from ${was} to ${now}`);
    return;
  }
  if (narrow.type === 'number' && wide.type === 'integer')
    report(field, side === 'request' ? 'accepts only whole numbers now' : `may now be a fraction, which ${PREVIOUS_APPS} refuse`);
  checkValues(narrow, wide, side, field, report);
  checkLimits(narrow, wide, side, field, report);
  if (kind === 'array' && narrow.items && wide.items) checkWithin(narrow.items, wide.items, side, `${field}[]`, report);
  if (kind === 'object') checkObject(side === 'request' ? narrow : wide, side === 'request' ? wide : narrow, side, field, report);
}

function checkValues(narrow: Schema, wide: Schema, side: Side, field: string, report: Report): void {
  const [narrowValues, wideValues] = [valuesOf(narrow), valuesOf(wide)];
  if (!wideValues) return;
  if (!narrowValues) {
    if (side === 'request') report(field, `accepts only ${list(wideValues)} now`);
    else report(field, `may now be any ${kindOf(narrow)}, not only ${list(wideValues)}`);
    return;
  }
  const outside = narrowValues.filter((value) => !wideValues.some((known) => JSON.stringify(known) === JSON.stringify(value)));
  if (outside.length === 0) return;
  if (side === 'request') report(field, `no longer accepts ${list(outside)} (value removed)`);
  else report(field, `may now be ${list(outside)}, a value ${PREVIOUS_APPS} do not know`);
}

function checkLimits(narrow: Schema, wide: Schema, side: Side, field: string, report: Report): void {
  const tightened = (what: string, narrowLimit: unknown, wideLimit: unknown) => {
    const [was, now] = side === 'request' ? [narrowLimit, wideLimit] : [wideLimit, narrowLimit];
    report(
      field,
      side === 'request' ? `${what} narrowed (was ${was ?? 'none'}, now ${now})` : `${what} widened (was ${was}, now ${now ?? 'none'})`,
    );
  };
  for (const [key, larger] of [
    ['maxLength', false],
    ['maxItems', false],
    ['minLength', true],
    ['minItems', true],
  ] as const) {
    const [inner, outer] = [narrow[key], wide[key]];
    if (outer !== undefined && (inner === undefined || (larger ? inner < outer : inner > outer))) tightened(key, inner, outer);
  }
  for (const end of ['min', 'max'] as const) {
    const [inner, outer] = [boundOf(narrow, end), boundOf(wide, end)];
    if (!boundWithin(inner, outer, end)) tightened(`${end}imum`, describeBound(inner, end), describeBound(outer, end));
  }
  for (const key of ['pattern', 'format'] as const)
    if (wide[key] !== undefined && narrow[key] !== wide[key]) tightened(key, narrow[key], wide[key]);
}

/** An object's fields, compared as the previous and current schema have them. */
function checkObject(previous: Schema, current: Schema, side: Side, field: string, report: Report): void {
  const at = (key: string) => (field ? `${field}.${key}` : key);
  const [wasRequired, isRequired] = [previous.required ?? [], current.required ?? []];
  for (const [key, was] of Object.entries(previous.properties ?? {})) {
    const now = current.properties?.[key];
    if (!now) {
      if (!was.deprecated) report(at(key), `removed (a ${side} field goes only after a release that marks it deprecated)`);
      else if (wasRequired.includes(key))
        report(at(key), `removed while ${PREVIOUS_APPS} still require it: deprecate it as optional first`);
      continue;
    }
    if (side === 'request' && isRequired.includes(key) && !wasRequired.includes(key)) report(at(key), 'required now (was optional)');
    if (side === 'reply' && wasRequired.includes(key) && !isRequired.includes(key))
      report(at(key), `may now be missing, which ${PREVIOUS_APPS} cannot read`);
    if (side === 'request') checkWithin(was, now, side, at(key), report);
    else checkWithin(now, was, side, at(key), report);
  }
  if (side === 'request') for (const key of isRequired) if (!previous.properties?.[key]) report(at(key), 'new required field');
  const [wasMap, isMap] = [previous.additionalProperties, current.additionalProperties];
  if (typeof wasMap === 'object' && typeof isMap === 'object') {
    if (side === 'request') checkWithin(wasMap, isMap, side, at('*'), report);
    else checkWithin(isMap, wasMap, side, at('*'), report);
  }
  if (previous.propertyNames && current.propertyNames) {
    if (side === 'request') checkWithin(previous.propertyNames, current.propertyNames, side, at('(key)'), report);
    else checkWithin(current.propertyNames, previous.propertyNames, side, at('(key)'), report);
  }
}

/** A route's path and query parameters as one object schema each. */
function parameterObject(operation: OpenApiOperation, where: 'path' | 'query'): Schema {
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema as Schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

const successOf = (operation: OpenApiOperation) => Object.entries(operation.responses).find(([status]) => /^2\d\d$/.test(status));
const typesOf = (content: Record<string, unknown> | undefined) =>
  Object.keys(content ?? {})
    .sort()
    .join(', ') || 'nothing';

function compareOperation(previous: OpenApiOperation, current: OpenApiOperation, report: Report): void {
  checkObject(parameterObject(previous, 'path'), parameterObject(current, 'path'), 'request', 'params', report);
  checkObject(parameterObject(previous, 'query'), parameterObject(current, 'query'), 'request', 'query', report);

  const [wasBody, isBody] = [previous.requestBody, current.requestBody];
  if (isBody?.required && !wasBody) report('body', 'required now (the route took none)');
  else if (wasBody && isBody && typesOf(wasBody.content) !== typesOf(isBody.content))
    report('body', `sent as ${typesOf(isBody.content)} now (was ${typesOf(wasBody.content)})`);
  else if (wasBody && isBody) {
    const [type] = Object.keys(wasBody.content);
    const [was, now] = [wasBody.content[type!]?.schema, isBody.content[type!]?.schema];
    if (was && now) checkWithin(was as Schema, now as Schema, 'request', 'body', report);
  }

  const [wasSuccess, isSuccess] = [successOf(previous), successOf(current)];
  if (!wasSuccess || !isSuccess) return;
  if (wasSuccess[0] !== isSuccess[0]) report('response', `answers ${isSuccess[0]} now (was ${wasSuccess[0]})`);
  if (typesOf(wasSuccess[1].content) !== typesOf(isSuccess[1].content))
    report('response', `answers ${typesOf(isSuccess[1].content)} now (was ${typesOf(wasSuccess[1].content)})`);
  // JSON, or a stream's events: the same content type on both sides, or reported above.
  const [type] = Object.keys(isSuccess[1].content ?? {});
  const was = type && wasSuccess[1].content?.[type]?.schema;
  const now = type && isSuccess[1].content?.[type]?.schema;
  if (was && now) checkWithin(now as Schema, was as Schema, 'reply', 'response', report);
}

/** Every change from `previous` to `current` that an app of the other release would notice, by route and field. */
export function breakingChanges(previous: OpenApiDocument, current: OpenApiDocument): BreakingChange[] {
  const changes: BreakingChange[] = [];
  for (const [path, operations] of Object.entries(previous.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      const now = current.paths[path]?.[method];
      if (!now) {
        if (!operation.deprecated)
          changes.push({ route, field: null, change: 'route removed (a route goes only after a release that marks it deprecated)' });
        continue;
      }
      compareOperation(operation, now, (field, change) => changes.push({ route, field, change }));
    }
  }
  return changes;
}

/** A breaking change as one line: the route, the field, what changed. */
export const describeChange = ({ route, field, change }: BreakingChange) => `${route}${field ? ` ${field}` : ''}: ${change}`;

/** A breaking change made on purpose (releases/breaking-changes.json), by route and field as the check names them. */
export interface Declaration {
  route: string;
  /** Null or left out for the route itself. */
  field?: string | null;
  /** The release (a commit) that marked it deprecated: the previous release or an earlier one. */
  deprecatedIn: string;
  why: string;
}

const declares = (declaration: Declaration, change: BreakingChange) =>
  declaration.route === change.route && (declaration.field ?? null) === change.field;

/**
 * The changes no declaration names (they fail the check), and the declarations that name no
 * change: stale once the release they were made for has become the previous one.
 */
export function matchDeclarations(changes: BreakingChange[], declarations: Declaration[]) {
  return {
    undeclared: changes.filter((change) => !declarations.some((declaration) => declares(declaration, change))),
    declared: declarations.filter((declaration) => changes.some((change) => declares(declaration, change))),
    stale: declarations.filter((declaration) => !changes.some((change) => declares(declaration, change))),
  };
}
