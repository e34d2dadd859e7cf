import type { OfficeRole } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { currentOfficeQuery } from './offices-api';

/** The signed-in person's role in the current office; null while it is read, or when they hold none there. */
export function useOfficeRole(): OfficeRole | null {
  const http = useHttpClient();
  return useQuery(currentOfficeQuery(http)).data?.myRole ?? null;
}
