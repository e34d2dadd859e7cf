import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * Text laid over what it wraps (a video) at three places across it, too faint to hide the picture and too spread
 * to crop away: a deterrent against screen recordings leaving the room, since whoever made one is named on it. The
 * overlay takes no pointer or keyboard input, so the player's controls below it work as usual; it is hidden from
 * assistive technology, which reads the video's own name.
 */
export function Watermarked({
  text,
  className,
  children,
}: {
  text: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  if (!text) return <>{children}</>;
  const mark =
    'pointer-events-none absolute max-w-[80%] truncate text-sm font-semibold text-white/45 select-none';
  return (
    <div className={cn('relative', className)} data-watermark={text}>
      {children}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 overflow-hidden [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]"
      >
        <span className={cn(mark, 'top-[12%] left-[6%]')}>{text}</span>
        <span className={cn(mark, 'top-[45%] left-1/2 -translate-x-1/2')}>{text}</span>
        <span className={cn(mark, 'right-[6%] bottom-[22%]')}>{text}</span>
      </div>
    </div>
  );
}
