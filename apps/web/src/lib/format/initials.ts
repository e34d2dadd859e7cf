import { AVATAR_INITIALS_MAX } from '@casting/domain';

/** Up to three capital initials from a person's name, e.g. 'Mary Ann Lee-Smith' -> 'MAL'. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, AVATAR_INITIALS_MAX)
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('');
}
