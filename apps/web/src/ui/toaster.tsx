import { Toaster as SonnerToaster } from 'sonner';

/** The app's single toast outlet; toasts are raised with sonner's `toast()` from anywhere. */
export function Toaster() {
  return <SonnerToaster position="top-right" richColors closeButton />;
}
