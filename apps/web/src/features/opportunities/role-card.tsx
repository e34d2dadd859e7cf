import type { Role } from '@casting/domain';
import type { ReactNode } from 'react';
import { UI_TEXTS, PUBLIC_TEXTS } from '@casting/domain';
import { Button } from '../../ui/button';
import { PermissionGate } from '../../ui/permission-gate';

function ageRange(role: Role): string | null {
  if (role.ageMin !== null && role.ageMax !== null) return `${role.ageMin}–${role.ageMax}`;
  if (role.ageMin !== null) return `${role.ageMin}+`;
  if (role.ageMax !== null) return `up to ${role.ageMax}`;
  return null;
}

function dates(role: Role): string | null {
  if (!role.shootStartDate && !role.shootEndDate) return null;
  return [role.shootStartDate, role.shootEndDate].filter(Boolean).join(' to ');
}

const labels = (options: readonly { label: string }[]) =>
  options.length > 0 ? options.map((option) => option.label).join(', ') : null;

/** One opportunity's breakdown, with edit and delete for those who may manage roles. */
export function RoleCard({ role, onEdit, onDelete }: { role: Role; onEdit(): void; onDelete(): void }) {
  const facts: [string, string | null][] = [
    [UI_TEXTS.roleType, role.roleType?.label ?? null],
    ['Gender', labels(role.genders)],
    ['Age range', ageRange(role)],
    [PUBLIC_TEXTS.ethnicAppearance, labels(role.ethnicAppearances)],
    ['Union', role.unionStatus?.label ?? null],
    ['Rate', role.rate],
    [UI_TEXTS.shootDates, dates(role)],
    ['Background', labels(role.backgrounds)],
  ];
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  return (
    <article aria-labelledby={`role-${role.id}`} className="rounded-lg border border-line bg-surface p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 id={`role-${role.id}`} className="text-base font-semibold break-words text-ink">
          {role.name}
        </h3>
        <PermissionGate permission="MANAGE_ROLE">
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" aria-label={`Edit ${role.name}`} onClick={onEdit}>
              Edit
            </Button>
            <Button variant="ghost" aria-label={`Delete ${role.name}`} onClick={onDelete}>
              Delete
            </Button>
          </div>
        </PermissionGate>
      </div>
      {role.description ? (
        <p className="mt-2 text-sm whitespace-pre-line text-ink">{role.description}</p>
      ) : null}
      {shown.length > 0 ? (
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {shown.map(([term, value]) => (
            <Fact key={term} term={term}>
              {value}
            </Fact>
          ))}
        </dl>
      ) : null}
      {role.requirements ? (
        <p className="mt-3 text-sm text-ink-muted">
          <span className="font-medium text-ink">Requirements: </span>
          {role.requirements}
        </p>
      ) : null}
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-ink-muted">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}
