import type { UserRoleCode } from '@casting/domain';

/** 'CASTING_DIRECTOR' reads 'Casting Director'. */
export function roleLabel(code: UserRoleCode): string {
  return code
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
