import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadAllLazyComponents } from '../src/lib/lazy/lazy-component';

// Vitest runs without globals, so Testing Library cannot register its own cleanup hook.
// The test files share one window and one set of loaded modules (isolate: false, docs/decisions/0075), so each test
// also leaves the window as a fresh tab finds it: no stored values, at the root address.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

// findBy… and waitFor give up after 5 s instead of 1 s: on the shared two-core CI machine a route change with its
// first render has taken over a second (a client account's redirect, under Node 24 while other tiers ran). A real
// failure still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Pages and some dialogs are lazy chunks. Fetch every one the test file can reach before its tests,
// as a browser has them once cached, so a test waits on behaviour rather than on module loading.
beforeAll(() => preloadAllLazyComponents(), 120_000);

// The simulated DOM (happy-dom) lacks the layout APIs radix popovers call; inert stand-ins are enough for behaviour tests.
class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStandIn;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
// A toast's button captures the pointer (sonner's swipe to dismiss) when it is pressed.
Element.prototype.setPointerCapture ??= () => undefined;
window.matchMedia ??= (query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
});
