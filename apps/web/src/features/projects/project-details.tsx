import type { ProjectDetail } from '@casting/domain';

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
        ['Project type', project.projectType?.label ?? null],
        ['Union status', project.unionStatus?.label ?? null],
        ['Project status', project.projectStatus?.label ?? null],
        ['Production company', project.productionCompany],
        ['Owner', project.owner.fullName],
      ],
    },
    {
      title: 'Key dates',
      facts: [
        ['Submission deadline', project.submissionDeadline],
        ['Audition date', project.auditionDate],
        ['Callback date', project.callbackDate],
        ['Shoot dates', shootDates(project)],
      ],
    },
    {
      title: 'Location and pay',
      facts: [
        ['Location', project.location],
        ['Regions', labels(project.regions)],
        ['Geographic', labels(project.geographic)],
        ['Rate or pay notes', project.rateNotes],
      ],
    },
    {
      title: 'Looking for',
      facts: [
        ['Looking for', labels(project.lookingForTypes)],
        ['Details', project.lookingFor],
      ],
    },
    {
      title: 'Submissions',
      facts: [
        ['Collect representative info', yesNo(project.collectRepresentativeInfo)],
        ['Keep each applicant in only one folder', yesNo(project.settings.applicantOnlyInOneFolder)],
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
