import { ROLE_NAME_TRUNCATE } from '@casting/domain';

/** A role name as selectors show it: at most 50 characters, then an ellipsis. */
export function truncateName(name: string, max: number = ROLE_NAME_TRUNCATE): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  return `${characters.slice(0, max).join('').trimEnd()}…`;
}
