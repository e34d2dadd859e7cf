import { Fragment } from 'react';
import { cn } from './cn';

/**
 * An e-mail address that wraps only where a reader expects it to: after the '@' and before each
 * dot, never in the middle of a name ('break-all' split 'dana.hol|t@...'). A part longer than the
 * line still wraps as a last resort, so nothing overflows on a phone. The pieces are plain text
 * nodes, so the element's text is still the whole address (search, copy, tests).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  // Break points: after '@', before '.', kept as <wbr> between the pieces.
  const pieces = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className={cn('[overflow-wrap:break-word]', className)}>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
