import { useEffect } from 'react';
import { preloadPage } from './pages';
import { findRoute } from './routes';

/**
 * Fetches a page's code as soon as a pointer rests on, or focus reaches, a link to it, so that the
 * click that usually follows finds the chunk already loaded. One listener on the document serves
 * every link; links to other sites and to pages already loaded cost nothing.
 */
export function usePreloadOnIntent(): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const link = target.closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const match = findRoute(link.pathname);
      if (match) preloadPage(match.route.page);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, []);
}
