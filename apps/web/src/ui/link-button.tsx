import { Link } from 'react-router';
import type { ComponentProps } from 'react';
import { cn } from './cn';

const VARIANTS = {
  primary: 'bg-accent text-on-accent hover:bg-accent-hover',
  secondary: 'border border-line bg-surface text-ink hover:bg-canvas',
} as const;

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function LinkButton({
  variant = 'secondary',
  className,
  ...props
}: ComponentProps<typeof Link> & { variant?: keyof typeof VARIANTS }) {
  return (
    <Link
      className={cn(
        'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
