import { cn } from './cn';

/** A key as printed on the keyboard ('⌘', 'K', '?'), for shortcut hints. */
export function Kbd({ children, className }: { children: string; className?: string }) {
  return (
    <kbd
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded border border-line-strong bg-canvas px-1 font-sans text-[11px] font-medium text-ink-muted',
        className,
      )}
    >
      {children}
    </kbd>
  );
}
