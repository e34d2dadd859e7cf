import { Avatar } from '../../ui/avatar';
import { cn } from '../../ui/cn';

/**
 * The office's logo, or its initials while it has none. Decorative: the office's name is always beside it. A logo
 * is shown whole (an office's mark is not a face to crop into a circle).
 */
export function OfficeMark({
  name,
  logoUrl,
  className,
}: {
  name: string;
  logoUrl: string | null;
  className?: string;
}) {
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        className={cn('size-7 shrink-0 rounded-md border border-line bg-white object-contain', className)}
      />
    );
  }
  return <Avatar name={name} imageUrl={null} className={cn('size-7 rounded-md', className)} />;
}
