import { passwordChecklist } from '@casting/domain';
import { cn } from '../../ui/cn';

export interface PasswordChecklistProps {
  id: string;
  password: string;
}

/**
 * The live password checklist. Each rule says in words whether it is met,
 * so the state does not rest on colour or an icon; the password field points here with aria-describedby.
 */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  return (
    <ul id={id} aria-label="Password requirements" className="flex flex-col gap-1 text-sm">
      {passwordChecklist(password).map((rule) => (
        <li
          key={rule.key}
          data-met={rule.met}
          className={cn('flex items-center gap-2', rule.met ? 'text-success' : 'text-ink-muted')}
        >
          <span aria-hidden="true" className="inline-block w-4 text-center font-bold">
            {rule.met ? '✓' : '•'}
          </span>
          <span>{rule.label}</span>
          <span className="sr-only">{rule.met ? '(met)' : '(not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** Joins the ids a control is described by, skipping the absent ones. */
export function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
