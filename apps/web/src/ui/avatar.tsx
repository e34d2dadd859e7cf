import { Avatar as RadixAvatar } from 'radix-ui';
import { initialsOf } from '../lib/format/initials';
import { cn } from './cn';

export interface AvatarProps {
  name: string;
  imageUrl: string | null;
  className?: string;
}

/**
 * A person's picture, falling back to their initials. Decorative: the surrounding control names the person. The
 * initials are drawn by CSS (generated content), not written as text: they are part of the picture, not a label, so
 * a control showing an avatar beside a name (or alone) is named by its words, and "label in name" checks and speech
 * input read only those.
 */
export function Avatar({ name, imageUrl, className }: AvatarProps) {
  return (
    <RadixAvatar.Root
      aria-hidden="true"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-xs font-semibold text-on-accent',
        className,
      )}
    >
      {imageUrl ? <RadixAvatar.Image src={imageUrl} alt="" className="size-full object-cover" /> : null}
      <RadixAvatar.Fallback
        data-initials={initialsOf(name)}
        className="before:content-[attr(data-initials)]"
      />
    </RadixAvatar.Root>
  );
}
