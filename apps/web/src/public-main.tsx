import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app/public-app';
import './index.css';

/**
 * The entry of the public apply pages (apply.html, served by the API for the apply, claim-confirmation and
 * private-submission addresses): a talent on a phone downloads these pages and nothing of the back office
 * (no auth service, no session overlays, no route table of every page, no data router). Decision 0046.
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('apply.html lacks the #root element');

createRoot(rootElement).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
