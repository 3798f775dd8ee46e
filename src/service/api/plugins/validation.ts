// Request validation with Ajv, set up as STACK.md requires: every error reported, nothing coerced or
// dropped in bodies (5 stays a number and fails a string field). Query strings, path parameters and
// headers arrive as text, so those parts alone coerce (`?limit=5` becomes 5, `?limit=x` fails).
// Failures are turned into FastAPI-shaped 422 details by `toValidationDetail`.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';
import type { FastifySchemaValidationError, SchemaErrorDataVar } from 'fastify/types/schema.js';
import type { ValidationErrorT } from '../schemas/common.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const BASE_OPTIONS: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  // OpenAPI keywords ajv does not know (e.g. `example`) must not break compilation.
  strict: false,
};

type Compiler = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator'];

export const buildValidator: Compiler = (externalSchemas) => {
  const make = (coerceTypes: Options['coerceTypes']) => {
    const ajv = new Ajv({ ...BASE_OPTIONS, coerceTypes });
    addFormats(ajv);
    for (const schema of Object.values(externalSchemas ?? {})) ajv.addSchema(schema as object);
    return ajv;
  };
  const bodyAjv = make(false);
  const textAjv = make('array');
  return ({ schema, httpPart }) => {
    const validate = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
    // Fastify reads `.errors` off the function it is given, as with a bare Ajv validator.
    const checked = (data: unknown): boolean => {
      const nul = findNul(data, '');
      if (nul !== null) {
        checked.errors = [{ instancePath: nul, schemaPath: '#', keyword: 'nul', params: {}, message: NUL_MESSAGE }];
        return false;
      }
      const ok = validate(data) as boolean;
      checked.errors = validate.errors ?? null;
      return ok;
    };
    checked.errors = null as ErrorObject[] | null;
    return checked as unknown as ValidateFunction;
  };
};

const NUL_MESSAGE = 'String should not contain NUL (\\u0000) characters';

/**
 * The JSON-pointer of the first string (or key) holding U+0000, or null. PostgreSQL text cannot
 * store NUL, so such input is refused here, for every route, before it can reach a query.
 */
function findNul(value: unknown, pointer: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${pointer}/${i}`, depth + 1);
      if (hit !== null) return hit;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const p = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (k.includes('\u0000')) return p;
    const hit = findNul(v, p, depth + 1);
    if (hit !== null) return hit;
  }
  return null;
}

const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** True when the body itself is not an object (not JSON object, array, string, missing...). */
export function isBodyShapeError(errors: FastifySchemaValidationError[], context: SchemaErrorDataVar): boolean {
  return context === 'body' && errors.some((e) => e.instancePath === '' && e.keyword === 'type');
}

function pathOf(instancePath: string): (string | number)[] {
  if (instancePath === '') return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d{0,8})$/.test(s) ? Number(s) : s));
}

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['string_type', 'a valid string'],
  integer: ['int_type', 'a valid integer'],
  number: ['float_type', 'a valid number'],
  boolean: ['bool_type', 'a valid boolean'],
  object: ['dict_type', 'a valid object'],
  array: ['list_type', 'a valid array'],
  null: ['none_type', 'null'],
};

function describe(e: ErrorObject): { msg: string; type: string; extra?: string } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { msg: 'Field required', type: 'missing', extra: String(p.missingProperty) };
    case 'additionalProperties':
      return { msg: 'Extra inputs are not permitted', type: 'extra_forbidden', extra: String(p.additionalProperty) };
    case 'type': {
      const t = String(p.type).split(',')[0]!;
      const [type, what] = TYPE_NAMES[t] ?? ['type_error', `of type ${String(p.type)}`];
      return { msg: `Input should be ${what}`, type };
    }
    case 'minLength':
      return { msg: `String should have at least ${String(p.limit)} character${p.limit === 1 ? '' : 's'}`, type: 'string_too_short' };
    case 'maxLength':
      return { msg: `String should have at most ${String(p.limit)} characters`, type: 'string_too_long' };
    case 'pattern':
      return { msg: `String should match pattern '${String(p.pattern)}'`, type: 'string_pattern_mismatch' };
    case 'minimum':
      return { msg: `Input should be greater than or equal to ${String(p.limit)}`, type: 'greater_than_equal' };
    case 'maximum':
      return { msg: `Input should be less than or equal to ${String(p.limit)}`, type: 'less_than_equal' };
    case 'exclusiveMinimum':
      return { msg: `Input should be greater than ${String(p.limit)}`, type: 'greater_than' };
    case 'exclusiveMaximum':
      return { msg: `Input should be less than ${String(p.limit)}`, type: 'less_than' };
    case 'enum':
      return { msg: `Input should be ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(' or ')}`, type: 'enum' };
    case 'const':
      return { msg: `Input should be ${JSON.stringify(p.allowedValue)}`, type: 'literal_error' };
    case 'minItems':
      return { msg: `List should have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`, type: 'too_short' };
    case 'maxItems':
      return { msg: `List should have at most ${String(p.limit)} items`, type: 'too_long' };
    case 'uniqueItems':
      return { msg: 'List items should be unique', type: 'unique_items' };
    case 'format':
      return { msg: `Input should be a valid ${String(p.format)}`, type: 'value_error' };
    case 'nul':
      return { msg: NUL_MESSAGE, type: 'string_nul' };
    default:
      return { msg: e.message ?? 'Invalid input', type: 'value_error' };
  }
}

/**
 * Turns Ajv errors into the 422 `detail` array. Alternatives (`anyOf`, e.g. string-or-null) are
 * reported once per field: a branch that had the right type but failed a constraint is the
 * interesting one (`project_name` too long); otherwise the allowed types are listed.
 */
export function toValidationDetail(errors: FastifySchemaValidationError[], context: SchemaErrorDataVar): ValidationErrorT[] {
  const part = PART_NAMES[context] ?? context;
  const all = errors as unknown as ErrorObject[];
  const anyOfPaths = all.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.schemaPath);
  const branchOf = (e: ErrorObject) => anyOfPaths.some((sp) => e.schemaPath.startsWith(sp + '/'));

  const out: ValidationErrorT[] = [];
  const seen = new Set<string>();
  const push = (e: ErrorObject, d = describe(e)) => {
    const loc = [part, ...pathOf(e.instancePath), ...(d.extra !== undefined ? [d.extra] : [])];
    const k = JSON.stringify([loc, d.type]);
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ loc, msg: d.msg, type: d.type });
  };

  for (const e of all) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      const branches = all.filter((b) => b.schemaPath.startsWith(e.schemaPath + '/'));
      const constraint = branches.filter((b) => b.keyword !== 'type' && b.keyword !== 'const' && b.keyword !== 'enum');
      if (constraint.length) for (const b of constraint) push(b);
      else {
        const allowed = branches.flatMap((b) =>
          b.keyword === 'type'
            ? [TYPE_NAMES[String((b.params as { type: string }).type)]?.[1] ?? String((b.params as { type: string }).type)]
            : b.keyword === 'const'
              ? [JSON.stringify((b.params as { allowedValue: unknown }).allowedValue)]
              : [],
        );
        const unique = [...new Set(allowed)];
        push(e, unique.length ? { msg: `Input should be ${unique.join(' or ')}`, type: unique.every((u) => u.startsWith('"')) ? 'literal_error' : 'type_error' } : describe(e));
      }
      continue;
    }
    if (branchOf(e)) continue; // reported through its anyOf
    push(e);
  }
  return out;
}
