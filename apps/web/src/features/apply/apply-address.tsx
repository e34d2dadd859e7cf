import { createContext, useContext } from 'react';

/**
 * What an apply page reads of its address: the route's parameters (slug, projectId, id), the query and the path.
 * The pages read it from this context, not from React Router, so the public entry (apply.html, decision 0046)
 * can serve them without a router library: it matches its few addresses itself. Inside the main app the route
 * table provides the same values from React Router (app/pages.tsx).
 */
export interface ApplyAddress {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  pathname: string;
}

const ApplyAddressContext = createContext<ApplyAddress | null>(null);

export const ApplyAddressProvider = ApplyAddressContext.Provider;

export function useApplyAddress(): ApplyAddress {
  const address = useContext(ApplyAddressContext);
  if (!address) throw new Error('useApplyAddress must be used inside <ApplyAddressProvider>');
  return address;
}
