import { ERROR_MESSAGES, MESSAGES, OFFICE_MESSAGES, type ErrorCode, type Permission } from '@casting/domain';

/** HTTP status of each catalogue code; the one place where codes meet HTTP. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  INVALID_PHONE_NUMBER: 400,
  TEXT_SIGN_IN_OFF: 409,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  SESSION_EXPIRED: 401,
  FILE_URL_INVALID: 403,
  FILE_URL_EXPIRED: 403,
  RANGE_NOT_SATISFIABLE: 416,
  FORBIDDEN: 403,
  PROJECT_ACCESS_DENIED: 403,
  PERMISSION_DENIED: 403,
  TOTP_NOT_ENABLED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  TALENT_NOT_ALLOWED: 403,
  ACCOUNT_DEACTIVATED: 403,
  ACCOUNT_NOT_CONFIRMED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY: 409,
  APPLICANT_REPRESENTATIVE_ALREADY_DENIED: 409,
  LINK_CLOSED: 410,
  CLIENT_LINK_REVOKED: 410,
  CLIENT_LINK_EXPIRED: 410,
  VIEWER_IDENTIFICATION_REQUIRED: 401,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  OFFICE_REQUIRED: 403,
  INVITATION_EXPIRED: 410,
  API_TOKEN_SCOPE_MISSING: 403,
};

/** A failure the caller can act on; services throw it, the error handler renders it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The catalogue's text for a code that has one; every refusal below takes its words from the domain. */
function catalogued(code: ErrorCode): AppError {
  return new AppError(code, ERROR_MESSAGES[code] ?? MESSAGES.somethingWentWrong);
}

export const notFound = (what: string) => new AppError('NOT_FOUND', MESSAGES.notFound(what));

/** No usable session behind the call (none sent, or its user is gone): 401, so the client signs in again. */
export const signInRequired = () => catalogued('UNAUTHENTICATED');

/**
 * No office to work in (403 OFFICE_REQUIRED), saying why when the session's office keeps its people out: it awaits
 * the operator's approval or is suspended. Otherwise the person has no office, or none they may still work in.
 */
export function officeRequired(unavailable?: 'PENDING_APPROVAL' | 'SUSPENDED'): AppError {
  if (unavailable === 'PENDING_APPROVAL')
    return new AppError('OFFICE_REQUIRED', OFFICE_MESSAGES.awaitingApproval);
  if (unavailable === 'SUSPENDED') return new AppError('OFFICE_REQUIRED', OFFICE_MESSAGES.officeNotActive);
  return catalogued('OFFICE_REQUIRED');
}

/** A caller who is not on the project's team (and is not a super admin): 403 PROJECT_ACCESS_DENIED. */
export const projectAccessDenied = () => catalogued('PROJECT_ACCESS_DENIED');

/**
 * A team member whose project role lacks a permission of the matrix: 403 PERMISSION_DENIED, naming the permission in
 * `details` so the web app can tell which action was refused. `message` replaces the generic text when the refusal
 * is narrower than the permission (a scope the caller may not grant, say).
 */
export function permissionDenied(
  permission: Permission,
  options: { message?: string; details?: Record<string, unknown> } = {},
): AppError {
  return new AppError('PERMISSION_DENIED', options.message ?? MESSAGES.projectRoleNotAllowed(permission), {
    permission,
    ...options.details,
  });
}

/** Fields refused after schema validation (a rule across fields, a lookup id), in the shape of a schema failure. */
export function fieldErrors(issues: readonly { path: string; message: string }[]): AppError {
  const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', MESSAGES.correctHighlightedFields(summary), { issues });
}
