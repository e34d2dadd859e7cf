import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type ApiError, type ErrorCode } from '@casting/domain';
import { AppError } from '../errors';

interface FieldIssue {
  path: string;
  message: string;
}

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

const GENERIC_MESSAGES: Partial<Record<ErrorCode, string>> = {
  PAYLOAD_TOO_LARGE: MESSAGES.requestTooLarge,
  RATE_LIMITED: MESSAGES.tooManyRequests,
};

function validationIssues(error: FastifyError): FieldIssue[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const pointer = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path: pointer ? `${context}.${pointer}` : context, message: issue.message ?? 'Invalid value' };
  });
}

function render(error: FastifyError | AppError | Error): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    const body: ApiError = { code: error.code, message: error.message };
    if (error.details !== undefined) body.details = error.details;
    return { status: error.statusCode, body };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
    const issues = validationIssues(fastifyError);
    const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
    return {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: MESSAGES.correctHighlightedFields(summary),
        details: { issues },
      },
    };
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code = CODE_FOR_STATUS[status] ?? 'BAD_REQUEST';
    return { status, body: { code, message: GENERIC_MESSAGES[code] ?? fastifyError.message } };
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: MESSAGES.somethingWentWrong } };
}

/** One error shape for every failure: {code, message, details?}. A 5xx is logged as the bug it is. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = render(error);
    // A deliberate 503 (readiness, already logged with its cause) is a refusal, not a bug; any other 5xx is one.
    if (status >= 500 && body.code !== 'SERVICE_UNAVAILABLE')
      request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code: body.code, status }, 'request refused');
    if (status === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
    return reply.status(status).send(body);
  });
}

/** Router-level failures (a malformed or over-long URL) answered in the same shape; Fastify's codes stay internal. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? MESSAGES.addressValueTooLong : MESSAGES.addressInvalid;
  const body: ApiError = { code: 'BAD_REQUEST', message };
  return reply.status(status).send(body);
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ApiError = {
    code: 'NOT_FOUND',
    message: `No API route ${request.method} ${request.url.split('?')[0]}.`,
  };
  return reply.status(404).send(body);
}
