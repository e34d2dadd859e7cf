import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { personExportQuery } from './person-data-api';

/**
 * The person whose dialog is open, kept in the address (`/roster?person={id}`) so it can be linked to. The
 * export-ready e-mail links to `/roster?export={id}`, which names no one: the export is read and its person opened.
 */
export function useOpenPerson(): [string | null, (personId: string | null) => void] {
  const http = useHttpClient();
  const [params, setParams] = useSearchParams();
  const exportId = params.get('export');
  const linked = useQuery({ ...personExportQuery(http, exportId ?? ''), enabled: exportId !== null });
  const linkedPerson = linked.data?.personId;
  useEffect(() => {
    if (!exportId || (!linkedPerson && !linked.isError)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('export');
        if (linkedPerson) next.set('person', linkedPerson);
        return next;
      },
      { replace: true },
    );
  }, [exportId, linkedPerson, linked.isError, setParams]);
  const open = (personId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (personId) next.set('person', personId);
      else next.delete('person');
      return next;
    });
  return [params.get('person'), open];
}
