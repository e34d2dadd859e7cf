import type { Role } from '@casting/domain';
import { breakdownFacts, roleBreakdown } from '@casting/domain';
import { Button } from '../../ui/button';
import { FactsList } from '../../ui/facts-list';
import { PermissionGate } from '../../ui/permission-gate';

/** One opportunity's breakdown, with edit and delete for those who may manage roles. */
export function RoleCard({ role, onEdit, onDelete }: { role: Role; onEdit(): void; onDelete(): void }) {
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
      <FactsList className="mt-3" facts={breakdownFacts(roleBreakdown(role))} />
    </article>
  );
}
