import { emailSchema, passwordSchema, requiredText, MESSAGES, type UserRoleCode } from '@casting/domain';
import { z } from 'zod';
import { hashPassword } from '../../../platform/crypto/password';
import type { Db } from '../../../platform/db/client';
import { isUniqueViolation } from '../../../platform/db/unique-violation';
import { AppError } from '../../../platform/errors';
import { assertPasswordNotCommon, findUserByEmail, insertUser, type UserRow } from '../../identity';

const accountSchema = z.object({
  email: emailSchema,
  firstName: requiredText(MESSAGES.firstNameRequired).max(100),
  lastName: requiredText(MESSAGES.lastNameRequired).max(100),
  password: passwordSchema,
});

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  roleCode: UserRoleCode;
  otpRequired?: boolean;
}

/** An operator-made account: confirmed at once, with the same password rules as sign-up. */
export async function createAccount(db: Db, input: NewAccount): Promise<UserRow> {
  const parsed = accountSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  assertPasswordNotCommon(parsed.data.password, 'password');
  const exists = () => new AppError('CONFLICT', MESSAGES.accountExists);
  if (await findUserByEmail(db, parsed.data.email)) throw exists();
  try {
    return await insertUser(db, {
      email: parsed.data.email,
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      roleCode: input.roleCode,
      otpRequired: input.otpRequired ?? false,
      passwordHash: await hashPassword(parsed.data.password),
      confirmedAt: new Date(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}
