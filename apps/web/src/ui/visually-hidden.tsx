import { VisuallyHidden as RadixVisuallyHidden } from 'radix-ui';
import type { ReactNode } from 'react';

/** Text for assistive technology only (icon-only controls, collapsed labels). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <RadixVisuallyHidden.Root>{children}</RadixVisuallyHidden.Root>;
}
