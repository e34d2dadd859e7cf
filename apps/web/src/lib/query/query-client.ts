import { QueryCache, QueryClient } from '@tanstack/react-query';
import { toastError } from '../http/toast-error';

/** Query meta flag for a query whose screen shows its failure itself, so no toast repeats it. */
export const ERROR_SHOWN_INLINE = { errorShownInline: true } as const;

/**
 * The app's query client: queries neither refetch on window focus nor retry, so a refusal is
 * shown once and a returning tab does not flood the API.
 * A failed query toasts once here; mutations report their errors where the user acted.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorShownInline !== true) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
