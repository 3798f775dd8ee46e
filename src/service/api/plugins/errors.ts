// One error shape for everything (DESIGN.md section 4): `{"detail": ...}`. Schema failures give 422
// with the FastAPI array, bodies that are not JSON objects 400, unknown paths 404, known paths with
// the wrong method 405 (with Allow), and anything unexpected 500 with only the trace id; the stack
// goes to the log under that id.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { isBodyShapeError, toValidationDetail } from './validation.js';
import { genReqId, TRACE_HEADER } from './trace.js';

const BODY_NOT_OBJECT = 'Request body must be a JSON object';

function fastifyClientError(err: FastifyError): { status: number; detail: string } | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, detail: `${BODY_NOT_OBJECT} sent as Content-Type: application/json` };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, detail: BODY_NOT_OBJECT + ', not empty' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, detail: 'Request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, detail: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, detail: 'Content-Length does not match the body' };
    default:
      break;
  }
  if (err instanceof SyntaxError || err.name === 'SyntaxError') return { status: 400, detail: 'Request body is not valid JSON' };
  const status = err.statusCode;
  // Other 4xx raised by Fastify or a plugin for a client mistake (prototype poisoning, bad headers...).
  if (status !== undefined && status >= 400 && status < 500) return { status, detail: err.message || 'Bad request' };
  return null;
}

export function sendInternalError(request: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).type('application/json').send({ detail: 'Internal server error', trace_id: request.id });
}

export function registerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.code(err.statusCode).headers(err.headers).send({ detail: err.detail });
    }
    if (err.validation && err.validationContext) {
      if (isBodyShapeError(err.validation, err.validationContext)) return reply.code(400).send({ detail: BODY_NOT_OBJECT });
      return reply.code(422).send({ detail: toValidationDetail(err.validation, err.validationContext) });
    }
    const client = fastifyClientError(err);
    if (client) return reply.code(client.status).send({ detail: client.detail });
    return sendInternalError(request, reply, err);
  });

  // 404 or 405: a path that some route serves under another method is a 405 with `Allow`.
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const source = route.url
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}$`), methods: new Set(methods.map((m) => m.toUpperCase())) });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = new Set<string>();
    for (const r of routes) if (r.pattern.test(path)) for (const m of r.methods) allowed.add(m);
    if (allowed.size > 0 && !allowed.has(request.method)) {
      return reply
        .code(405)
        .header('allow', [...allowed].sort().join(', '))
        .send({ detail: `Method Not Allowed: ${request.method} is not served here (allowed: ${[...allowed].sort().join(', ')})` });
    }
    return reply.code(404).send({ detail: 'Not Found' });
  });
}

/** Fastify's `frameworkErrors`: errors before routing (e.g. a URL that is not valid percent-encoding). */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(TRACE_HEADER, request.id);
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    void reply.code(400).type('application/json').send({ detail: err.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : err.message });
    return;
  }
  void sendInternalError(request, reply, err);
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out'],
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large'],
};

/**
 * Fastify's `clientErrorHandler`: requests so malformed that Node's HTTP parser rejects them never
 * reach a route; answer them in the same `{detail}` shape, with a trace id, instead of Fastify's own.
 */
export function clientErrorHandler(this: { log: { debug(o: object, m: string): void } }, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const traceId = genReqId();
  this.log.debug({ err: { code: err.code, message: err.message }, trace_id: traceId }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n${TRACE_HEADER}: ${traceId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
