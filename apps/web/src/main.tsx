import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { createAuthService } from './lib/auth/auth-service';
import { localSessionHint } from './lib/auth/session-hint';
import { showTalentRefusedToast } from './lib/auth/talent-refusal';
import { createQueryClient } from './lib/query/query-client';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks the #root element');

const auth = createAuthService({
  fetch: (input, init) => window.fetch(input, init),
  onTalentRefused: showTalentRefusedToast,
  sessionHint: localSessionHint(),
});

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders auth={auth} queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
