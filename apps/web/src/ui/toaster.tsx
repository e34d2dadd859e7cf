import { Toaster as SonnerToaster } from 'sonner';

/**
 * The app's single toast outlet; toasts are raised with sonner's `toast()` from anywhere. Sonner's neutral style
 * (dark text on white, with an icon per type) is used because its `richColors` palette falls below WCAG AA contrast.
 * Bottom-right keeps toasts off the user menu in the top bar.
 */
export function Toaster() {
  return <SonnerToaster position="bottom-right" closeButton />;
}
