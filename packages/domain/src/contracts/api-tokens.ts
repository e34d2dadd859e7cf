import { z } from 'zod';

/**
 * API tokens: an office's credentials for the public API (decisions 0763 to 0769). The office's owner makes one with
 * a name and scopes, sees its secret once, and revokes it; a program calls the API with `Authorization: Bearer
 * cst_...` and acts for that office, within the scopes, as the office's owner would. "Access token" is taken: it names
 * a session's short-lived JWT (decision 0029).
 */

/** Every secret starts so, so that secret scanners recognise a leaked one (and the API tells it from a session JWT). */
export const API_TOKEN_PREFIX = 'cst_';

/** What a token may do: a closed list, each granting a group of operations the OpenAPI document names. */
export const API_TOKEN_SCOPES = [
  'projects:read',
  'candidates:read',
  'candidates:write',
  'webhooks:manage',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export function isApiTokenScope(value: string): value is ApiTokenScope {
  return (API_TOKEN_SCOPES as readonly string[]).includes(value);
}

/** Each scope as the create dialog and the OpenAPI document describe it. */
export const API_TOKEN_SCOPE_DESCRIPTIONS: Record<ApiTokenScope, string> = {
  'projects:read': 'Read the office’s projects and their opportunities',
  'candidates:read': 'Read the candidates of the office’s opportunities',
  'candidates:write': 'Vote on candidates and move them between folders',
  'webhooks:manage': 'Create, change and remove the office’s webhooks',
};

export const API_TOKEN_LIMITS = { nameMax: 100 } as const;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name.',
  nameTooLong: `A token's name has at most ${API_TOKEN_LIMITS.nameMax} characters.`,
  scopesRequired: 'Choose at least one scope.',
  invalidToken: 'This API token is not valid: it is unknown or was revoked.',
  tokenQuotaExceeded: 'This API token made too many requests. Wait a minute and try again.',
  scopeMissing: (scope: string) => `This API token lacks the scope ${scope} this operation needs.`,
  tokensNotAccepted: 'This operation does not accept API tokens; sign in to use it.',
  tokenNotFound: 'The API token was not found.',
} as const;

/** `POST /api-tokens`: a name to tell tokens apart and at least one scope, each once. */
export const createApiTokenSchema = z
  .object({
    name: z
      .string({ error: API_TOKEN_MESSAGES.nameRequired })
      .trim()
      .min(1, API_TOKEN_MESSAGES.nameRequired)
      .max(API_TOKEN_LIMITS.nameMax, API_TOKEN_MESSAGES.nameTooLong),
    scopes: z
      .array(z.enum(API_TOKEN_SCOPES), { error: API_TOKEN_MESSAGES.scopesRequired })
      .min(1, API_TOKEN_MESSAGES.scopesRequired)
      .max(API_TOKEN_SCOPES.length)
      .transform((scopes) => [...new Set(scopes)]),
  })
  .strict();
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

/** A token as lists show it: never its secret, which the API does not keep. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The secret's first characters, so a person can match a token to the one a program holds. */
  hint: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer of creating a token: the only time its secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export const apiTokenListSchema = z.object({
  items: z.array(apiTokenSchema),
  nextCursor: z.string().nullable(),
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The "API tokens" section of the office settings (ours). */
export const API_TOKEN_TEXTS = {
  section: 'API tokens',
  intro:
    'Programs call the API with a token: it acts for this office, within the scopes you give it. Send it as “Authorization: Bearer <token>”.',
  none: 'No API tokens yet.',
  create: 'Create token',
  createTitle: 'Create an API token',
  name: 'Name',
  nameHint: 'Say which program uses it, e.g. “Website sync”.',
  scopes: 'Scopes',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  revokedOn: (when: string) => `Revoked ${when}`,
  secretTitle: 'Copy your new token',
  secretWarning: 'This is the only time the token is shown. Copy it now and keep it somewhere safe.',
  secretLabel: 'Token',
  copy: 'Copy token',
  copied: 'Token copied to clipboard.',
  copyFailed: 'The token could not be copied. Select it and copy it by hand.',
  done: 'Done',
  revoke: 'Revoke',
  revokeNamed: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke this token?',
  revokeMessage: (name: string) =>
    `Programs using “${name}” are refused from their next request. This cannot be undone.`,
  revoked: 'Token revoked.',
} as const;
