// ApiError: what a route throws to answer with an error. The error plugin renders it as
// `{"detail": ...}` with its status and headers; `detail` is text, or for 422 the FastAPI-shaped
// array of `{loc, msg, type}`. Anything that is not an ApiError (or a 4xx from Fastify itself)
// becomes a 500 without internals.
import type { ValidationErrorT } from './schemas/common.js';

export type ErrorDetail = string | ValidationErrorT[];

export class ApiError extends Error {
  readonly statusCode: number;
  readonly detail: ErrorDetail;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: ErrorDetail, headers: Record<string, string> = {}) {
    super(typeof detail === 'string' ? detail : detail.map((d) => d.msg).join('; '));
    this.name = 'ApiError';
    this.statusCode = status;
    this.detail = detail;
    this.headers = headers;
  }

  /** A 422 on one field, shaped like the schema failures: e.g. `ApiError.invalid(['body','env'], '...')`. */
  static invalid(loc: (string | number)[], msg: string, type = 'value_error'): ApiError {
    return new ApiError(422, [{ loc, msg, type }]);
  }
}
