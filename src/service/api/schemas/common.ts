// Error shapes every route may answer with (DESIGN.md section 4), and the `ref` helper that makes a
// route point at a named shared schema so the OpenAPI document shows it under components/schemas.
import { Type, type Static, type TSchema } from 'typebox';

/** `{loc, msg, type}`: one failed check, FastAPI-shaped (spec section 2). */
export const ValidationError = Type.Object(
  {
    loc: Type.Array(Type.Union([Type.String(), Type.Integer()]), {
      description: 'Where the problem is: the request part (`body`, `query`, `path`, `header`) then the field path.',
    }),
    msg: Type.String({ description: 'Human-readable message.' }),
    type: Type.String({ description: 'Machine-readable error type, e.g. `missing`, `string_too_long`.' }),
  },
  { $id: 'ValidationError', title: 'ValidationError', additionalProperties: false },
);
export type ValidationErrorT = Static<typeof ValidationError>;

/** 422 body: request query, path or body failed validation. */
export const HTTPValidationError = Type.Object(
  { detail: Type.Array(Type.Unsafe<ValidationErrorT>({ $ref: 'ValidationError#' })) },
  { $id: 'HTTPValidationError', title: 'HTTPValidationError', additionalProperties: false },
);

/** Every other error: `{detail}`; a 500 also carries the `trace_id` to quote when reporting. */
export const ErrorResponse = Type.Object(
  {
    detail: Type.String({ description: 'What went wrong, in words.' }),
    trace_id: Type.Optional(Type.String({ description: 'Present on 500 responses: the id under which the error was logged.' })),
  },
  { $id: 'ErrorResponse', title: 'ErrorResponse', additionalProperties: false },
);

/**
 * A `$ref` to a shared schema (one with `$id`, registered in ./index.ts) that still carries the
 * TypeScript type, so handlers get typed bodies and the OpenAPI document names the schema.
 */
export function ref<T extends TSchema>(schema: T, description?: string) {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('ref(): the schema has no $id; give it one and list it in schemas/index.ts');
  // In a route's `response`, `description` becomes the response's description in the OpenAPI document.
  return Type.Unsafe<Static<T>>(description === undefined ? { $ref: `${id}#` } : { $ref: `${id}#`, description });
}
