import { useEffect, useSyncExternalStore } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { attachToastOutlet } from '../lib/toast/toast';

const PHONE = '(max-width: 639px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isPhone = () => window.matchMedia(PHONE).matches;

/**
 * The app's single toast outlet; toasts are raised from anywhere with `toast()` from lib/toast/toast.ts, which waits for this outlet to be mounted. Sonner's neutral style
 * (dark text on white, with an icon per type) is used because its `richColors` palette falls below WCAG AA contrast.
 * Where a toast sits is chosen so it never covers the button a person is about to press: dialogs and forms end
 * with their primary button at the bottom right, so on wide screens toasts stand at the bottom left (over the
 * sidebar's empty lower part); on a phone a form fills the screen down to its button, so toasts drop in from
 * the top, under the top bar (56 px), over the page title rather than the fields.
 */
export function Toaster() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  // Runs after sonner's own effect has subscribed to its toasts, so none raised from here on is lost.
  useEffect(() => attachToastOutlet(toast), []);
  return (
    <SonnerToaster
      position={phone ? 'top-center' : 'bottom-left'}
      mobileOffset={{ top: 64 }}
      closeButton
      theme="system"
    />
  );
}
