import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findForbiddenCharacter, MESSAGES, TEXT_HYGIENE_MESSAGES } from '@casting/domain';
import { fieldErrors } from '../errors';

interface FieldIssue {
  path: string;
  message: string;
}

/**
 * How deep a request's data may nest. No request the product accepts comes near it (an e-mail document, the deepest,
 * nests about 20 levels), and a deeper one is refused here, before any schema walks it: recursive validation and
 * storage of thousands of levels would exhaust the stack, and a part left unchecked below the limit could carry the
 * characters refused above it.
 */
const MAX_DEPTH = 48;

function collectIssues(value: unknown, path: string, issues: FieldIssue[], depth: number): void {
  if (typeof value === 'string') {
    const kind = findForbiddenCharacter(value);
    if (kind) issues.push({ path, message: TEXT_HYGIENE_MESSAGES[kind] });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= MAX_DEPTH) {
    issues.push({ path, message: MESSAGES.nestedTooDeeply });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectIssues(item, `${path}.${index}`, issues, depth + 1));
    return;
  }
  // Streamed uploads and binary bodies are not text fields. (Parsed query objects have a prototype of their own,
  // so plain objects are not recognised by their prototype.)
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  for (const [key, item] of Object.entries(value)) {
    const kind = findForbiddenCharacter(key);
    if (kind) issues.push({ path, message: TEXT_HYGIENE_MESSAGES[kind] });
    collectIssues(item, `${path}.${key}`, issues, depth + 1);
  }
}

/**
 * Refuses control and text-direction characters in every text a request carries (body, query, path parameters),
 * and data nested deeper than `MAX_DEPTH`, with a 400 naming each field, before any route sees them. One check for every route, so no field can forget it,
 * and a NUL never reaches PostgreSQL (which would refuse it with a server error).
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: the check is synchronous, so it need not cost every request a promise.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const issues: FieldIssue[] = [];
    collectIssues(request.params, 'params', issues, 0);
    collectIssues(request.query, 'querystring', issues, 0);
    collectIssues(request.body, 'body', issues, 0);
    done(issues.length > 0 ? fieldErrors(issues) : undefined);
  });
}
