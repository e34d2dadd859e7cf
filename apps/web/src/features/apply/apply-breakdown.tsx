import { breakdownFacts, projectFacts, type ResolvedLink } from '@casting/domain';
import { FactsList } from '../../ui/facts-list';

/**
 * What a talent decides on before applying, as far as the link shows it: the project's facts (production, place,
 * deadline, dates) and each opportunity's description and breakdown (ages, union, rate, dates, requirements).
 */
export function ApplyBreakdown({ link }: { link: ResolvedLink }) {
  return (
    <>
      {link.project ? <FactsList facts={projectFacts(link.project)} /> : null}
      {link.opportunities.some((opportunity) => opportunity.description || opportunity.breakdown) ? (
        <section aria-label="Opportunities" className="flex flex-col gap-2">
          {link.opportunities.map((opportunity) => (
            <div
              key={opportunity.id}
              className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3"
            >
              <h2 className="text-base font-semibold break-words text-ink">{opportunity.name}</h2>
              {opportunity.description ? (
                <p className="text-sm whitespace-pre-line text-ink">{opportunity.description}</p>
              ) : null}
              {opportunity.breakdown ? <FactsList facts={breakdownFacts(opportunity.breakdown)} /> : null}
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
