import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { attachToastOutlet } from '../lib/toast/toast';

/**
 * The app's single toast outlet; toasts are raised from anywhere with `toast()` from lib/toast/toast.ts,
 * which waits for this outlet to be mounted. Sonner's neutral style (dark text on white, with an icon per
 * type) is used because its `richColors` palette falls below WCAG AA contrast. Bottom-right keeps toasts
 * off the user menu in the top bar.
 */
export function Toaster() {
  // Runs after sonner's own effect has subscribed to its toasts, so none raised from here on is lost.
  useEffect(() => attachToastOutlet(toast), []);
  return <SonnerToaster position="bottom-right" closeButton />;
}
