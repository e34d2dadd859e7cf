import { AUDIT_ACTIONS, AUDIT_OUTCOMES } from '@casting/domain';
import type { AuditAction, AuditOutcome } from '@casting/domain';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import type { AuditFilters } from './audit-api';

const SELECT_CLASS = 'min-h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink';

/** The audit page's filters: one column on a phone, a row on a wide screen. */
export function AuditFilterBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange(next: AuditFilters): void;
}) {
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <form
      aria-label="Audit filters"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label="Action">
        {(control) => (
          <select
            {...control}
            className={SELECT_CLASS}
            value={filters.action}
            onChange={(event) => set('action', event.target.value as AuditAction | '')}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Outcome">
        {(control) => (
          <select
            {...control}
            className={SELECT_CLASS}
            value={filters.outcome}
            onChange={(event) => set('outcome', event.target.value as AuditOutcome | '')}
          >
            <option value="">All outcomes</option>
            {AUDIT_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {outcome}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Actor email">
        {(control) => (
          <Input
            {...control}
            type="email"
            value={filters.actorEmail}
            onChange={(event) => set('actorEmail', event.target.value)}
          />
        )}
      </Field>
      <Field label="From">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.fromDate}
            onChange={(event) => set('fromDate', event.target.value)}
          />
        )}
      </Field>
      <Field label="To">
        {(control) => (
          <Input
            {...control}
            type="date"
            value={filters.toDate}
            onChange={(event) => set('toDate', event.target.value)}
          />
        )}
      </Field>
    </form>
  );
}
