import type { ProjectDetail } from '@casting/domain';
import { UI_TEXTS, LOOKUP_TITLES } from '@casting/domain';

type Fact = [term: string, value: string | null];

const labels = (options: readonly { label: string }[]) =>
  options.length > 0 ? options.map((option) => option.label).join(', ') : null;

function shootDates(project: ProjectDetail): string | null {
  if (!project.shootStartDate && !project.shootEndDate) return null;
  return [project.shootStartDate, project.shootEndDate].filter(Boolean).join(' to ');
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The project's fields grouped as the form groups them; dates stay YYYY-MM-DD. */
export function projectFacts(project: ProjectDetail): { title: string; facts: Fact[] }[] {
  return [
    {
      title: 'Project',
      facts: [
        [UI_TEXTS.projectType, project.projectType?.label ?? null],
        [LOOKUP_TITLES.union, project.unionStatus?.label ?? null],
        [LOOKUP_TITLES['project-status'], project.projectStatus?.label ?? null],
        [UI_TEXTS.productionCompany, project.productionCompany],
        ['Owner', project.owner.fullName],
      ],
    },
    {
      title: UI_TEXTS.keyDates,
      facts: [
        [UI_TEXTS.submissionDeadline, project.submissionDeadline],
        [UI_TEXTS.auditionDate, project.auditionDate],
        [UI_TEXTS.callbackDate, project.callbackDate],
        [UI_TEXTS.shootDates, shootDates(project)],
      ],
    },
    {
      title: UI_TEXTS.locationAndPay,
      facts: [
        ['Location', project.location],
        ['Regions', labels(project.regions)],
        ['Geographic', labels(project.geographic)],
        [UI_TEXTS.rateOrPayNotes, project.rateNotes],
      ],
    },
    {
      title: LOOKUP_TITLES['project-lookingfor'],
      facts: [
        [LOOKUP_TITLES['project-lookingfor'], labels(project.lookingForTypes)],
        ['Details', project.lookingFor],
      ],
    },
    {
      title: 'Submissions',
      facts: [
        [UI_TEXTS.collectRepresentativeInfo, yesNo(project.collectRepresentativeInfo)],
        [UI_TEXTS.keepApplicantInOneFolder, yesNo(project.settings.applicantOnlyInOneFolder)],
      ],
    },
  ];
}

/** Read-only project details, with a dash for what was left empty. */
export function ProjectDetails({
  project,
  headingLevel = 2,
}: {
  project: ProjectDetail;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-4">
      {project.description ? (
        <p className="text-sm whitespace-pre-line text-ink">{project.description}</p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        {projectFacts(project).map((group) => (
          <section key={group.title} className="rounded-lg border border-line bg-surface p-4">
            <Heading className="mb-2 text-sm font-semibold text-ink">{group.title}</Heading>
            <dl className="flex flex-col gap-1.5 text-sm">
              {group.facts.map(([term, value]) => (
                <div key={term} className="grid grid-cols-[minmax(0,10rem)_1fr] gap-3">
                  <dt className="text-ink-muted">{term}</dt>
                  <dd className="break-words text-ink">{value ?? '—'}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
