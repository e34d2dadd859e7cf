import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { HttpClient } from './http-client';

const HttpClientContext = createContext<HttpClient | null>(null);

export function HttpClientProvider({ client, children }: { client: HttpClient; children: ReactNode }) {
  return <HttpClientContext value={client}>{children}</HttpClientContext>;
}

/** The app's API client, for feature API modules' hooks. */
export function useHttpClient(): HttpClient {
  const client = useContext(HttpClientContext);
  if (!client) throw new Error('useHttpClient must be used inside <HttpClientProvider>');
  return client;
}
