import { PROJECT_SEARCH_MIN_CHARS } from '@casting/domain';

/** Search below three characters cannot use the name index, so it is not sent (ARCHITECTURE.md). */
export function searchTerm(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= PROJECT_SEARCH_MIN_CHARS ? trimmed : '';
}
