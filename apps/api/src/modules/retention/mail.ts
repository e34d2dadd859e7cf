import { RETENTION } from '@casting/domain';
import type { MailMessage } from '../../platform/mail/ports';

/** Names go into a header line or a list line, so any line break they carry is flattened. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A moment in the office's time zone, with the zone named, so an owner abroad knows which day is meant. */
export function officeMoment(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

export interface NoticeProject {
  name: string;
  purgeAt: Date;
}

/**
 * Tells an owner which archived projects' unselected candidates lose their media and contact details, and from when.
 * It names projects only, never a candidate.
 */
export function retentionNoticeMessage(input: {
  to: string;
  officeName: string;
  timeZone: string;
  retentionDays: number;
  projects: readonly NoticeProject[];
  publicUrl: string;
}): MailMessage {
  const office = oneLine(input.officeName);
  const shown = input.projects.slice(0, RETENTION.noticeProjectsMax);
  const more = input.projects.length - shown.length;
  const lines = shown.map(
    (project) => `- ${oneLine(project.name)}: from ${officeMoment(project.purgeAt, input.timeZone)}`,
  );
  if (more > 0) lines.push(`- and ${more} more`);
  const count = input.projects.length;
  return {
    to: input.to,
    subject:
      count === 1
        ? `${office}: candidates’ data in ${oneLine(input.projects[0]!.name)} will be purged`
        : `${office}: candidates’ data in ${count} archived projects will be purged`,
    text:
      `Your office keeps candidates’ data for ${input.retentionDays} days after a project is archived. ` +
      `In ${count === 1 ? 'this archived project' : 'these archived projects'}, the media and contact details ` +
      `(e-mail, phone, address) of candidates nobody selected will be deleted:\n\n` +
      `${lines.join('\n')}\n\n` +
      `Selected candidates (in a Selects folder, held or booked on the roster) keep everything; names, votes and ` +
      `notes stay. To keep a project’s data, unarchive it before then, or change the setting.\n\n` +
      `See what each purge removes: ${input.publicUrl.replace(/\/$/, '')}/office/settings\n\n` +
      `This notice is sent ${RETENTION.noticeDays} days ahead, once per project.\n`,
  };
}
