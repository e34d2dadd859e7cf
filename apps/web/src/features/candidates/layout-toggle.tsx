import { COMPARE_MAX, COMPARE_MIN, COMPARE_TEXTS } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { cn } from '../../ui/cn';
import { LinkButton } from '../../ui/link-button';
import type { CandidatesLayout } from './use-layout-choice';

/** The list or grid switch of the candidates workspace, two pressed-state buttons. */
export function LayoutToggle({
  layout,
  onChange,
}: {
  layout: CandidatesLayout;
  onChange(next: CandidatesLayout): void;
}) {
  const choices: [CandidatesLayout, string][] = [
    ['list', COMPARE_TEXTS.layoutList],
    ['grid', COMPARE_TEXTS.layoutGrid],
  ];
  return (
    <div
      role="group"
      aria-label={COMPARE_TEXTS.layoutLabel}
      className="inline-flex rounded-md ring-1 ring-line"
    >
      {choices.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={layout === value}
          onClick={() => onChange(value)}
          className={cn(
            'min-h-9 px-3 text-sm first:rounded-l-md last:rounded-r-md',
            layout === value ? 'bg-brand-50 font-medium text-brand-800' : 'bg-surface text-ink',
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** "Compare 3": opens the picked candidates side by side, for 2 to 4 of them. */
export function CompareLink({ projectId, rowIds }: { projectId: string; rowIds: readonly string[] }) {
  if (rowIds.length < COMPARE_MIN || rowIds.length > COMPARE_MAX) return null;
  return (
    <LinkButton to={paths.project.compare(projectId, rowIds)} className="min-h-9 px-3">
      {COMPARE_TEXTS.compareSelected(rowIds.length)}
    </LinkButton>
  );
}
