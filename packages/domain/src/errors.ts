import { MESSAGES } from './messages';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
  'PROJECT_ACCESS_DENIED',
  'PERMISSION_DENIED',
  'TOTP_NOT_ENABLED',
  'AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY',
  'INVALID_PHONE_NUMBER',
  'TEXT_SIGN_IN_OFF',
  'APPLICANT_REPRESENTATIVE_ALREADY_DENIED',
  'INVALID_CREDENTIALS',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'ACCOUNT_NOT_CONFIRMED',
  'ACCOUNT_DEACTIVATED',
  'TALENT_NOT_ALLOWED',
  'INVALID_REFRESH_TOKEN',
  'SESSION_EXPIRED',
  'FILE_URL_INVALID',
  'FILE_URL_EXPIRED',
  'RANGE_NOT_SATISFIABLE',
  'PASSWORD_CHANGE_REQUIRED',
  'SERVICE_UNAVAILABLE',
  'LINK_CLOSED',
  'CLIENT_LINK_REVOKED',
  'CLIENT_LINK_EXPIRED',
  'VIEWER_IDENTIFICATION_REQUIRED',
  'OFFICE_REQUIRED',
  'INVITATION_EXPIRED',
  'API_TOKEN_SCOPE_MISSING',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Default texts of the error codes; other codes get theirs where raised. */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  UNAUTHENTICATED: MESSAGES.signInToContinue,
  FORBIDDEN: MESSAGES.notAllowed,
  TOTP_NOT_ENABLED: MESSAGES.setUpTwoFactorToContinue,
  PROJECT_ACCESS_DENIED: MESSAGES.projectAccessDenied,
  INVALID_PHONE_NUMBER: MESSAGES.invalidPhoneNumber,
  TEXT_SIGN_IN_OFF: MESSAGES.textSignInOff,
  APPLICANT_REPRESENTATIVE_ALREADY_DENIED: MESSAGES.representationAlreadyDeclined,
  TALENT_NOT_ALLOWED: MESSAGES.talentNotAllowed,
  INVALID_CODE: MESSAGES.invalidCodeOrAuthState,
  INTERNAL_ERROR: MESSAGES.somethingWentWrong,
  FILE_URL_INVALID: MESSAGES.fileUrlInvalid,
  FILE_URL_EXPIRED: MESSAGES.fileUrlExpired,
  RANGE_NOT_SATISFIABLE: MESSAGES.rangeNotSatisfiable,
  PASSWORD_CHANGE_REQUIRED: MESSAGES.passwordChangeRequired,
  OFFICE_REQUIRED: MESSAGES.officeRequired,
};

// The error body's schema (apiErrorSchema, ApiError) is in contracts/api-error.ts: a module of its own, so
// code that only needs the codes and texts above does not bring zod along (the web's first download).

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** The code a cancelled (aborted) request carries. */
export const CANCELED_ERROR_CODE = 'ERR_CANCELED';

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A details payload may be a text, an object with a message, or a list of those (field errors). */
function detailsMessage(details: unknown): string | undefined {
  if (Array.isArray(details)) return detailsMessage(details[0]);
  return nonBlank(details) ?? nonBlank(field(details, 'message'));
}

export function isCanceledError(err: unknown): boolean {
  return field(err, 'code') === CANCELED_ERROR_CODE || field(err, 'name') === 'AbortError';
}

/**
 * The text to show for a failed call: the error details message, then the response
 * data message, then the error's own message, else 'Unknown error'.
 */
export function extractErrorMessage(err: unknown): string {
  const data = field(field(err, 'response'), 'data') ?? field(err, 'data');
  return (
    detailsMessage(field(err, 'details')) ??
    detailsMessage(field(data, 'details')) ??
    nonBlank(field(data, 'message')) ??
    nonBlank(field(err, 'message')) ??
    nonBlank(err) ??
    MESSAGES.unknownError
  );
}
