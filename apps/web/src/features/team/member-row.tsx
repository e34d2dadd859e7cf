import { ACCESS_SCOPE_NAMES, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ProjectScope, TeamMember } from '@casting/domain';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Select } from '../../ui/select';
import { canChangeMember, canRemoveMember } from './team-rules';
import type { TeamRules } from './team-rules';
import { EmailText } from '../../ui/email-text';

export interface MemberRowProps {
  member: TeamMember;
  rules: TeamRules;
  onChangeScope(member: TeamMember, scope: ProjectScope): void;
  onRemove(member: TeamMember): void;
  /** Sends a pending invitation again; offered to those who could have made the invitation. */
  onResend?(member: TeamMember): void;
  resending?: boolean;
}

export function memberName(member: TeamMember): string {
  return member.user?.fullName ?? member.email;
}

/** One team member: who, their role (changeable only within the viewer's rights) and removal. */
export function MemberRow({
  member,
  rules,
  onChangeScope,
  onRemove,
  onResend,
  resending = false,
}: MemberRowProps) {
  const name = memberName(member);
  const changeable = canChangeMember(rules, member);
  // The current role is always listed so the closed dropdown can show it, even when it cannot be chosen.
  const roleOptions = [...new Set<ProjectScope>([member.scope, ...(changeable ? rules.changeable : [])])];
  const selectId = `member-role-${member.id}`;

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={name} imageUrl={member.user?.imageUrl ?? null} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
            <span className="truncate">{name}</span>
            {member.isOwner ? <Badge>Owner</Badge> : null}
            {member.status === 'INVITED' ? <Badge>Invited</Badge> : null}
          </p>
          {member.user ? (
            <p className="text-xs text-ink-muted">
              <EmailText email={member.email} />
            </p>
          ) : null}
          {member.status === 'INVITED' && onResend && canRemoveMember(rules, member) ? (
            <Button
              variant="secondary"
              className="mt-1 min-h-8 px-2 text-xs"
              disabled={resending}
              aria-label={`${MESSAGES.resendInvite} to ${name}`}
              onClick={() => onResend(member)}
            >
              {MESSAGES.resendInvite}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          {UI_TEXTS.roleOf(name)}
        </label>
        <div className="w-44">
          <Select
            id={selectId}
            value={member.scope}
            disabled={!changeable}
            onValueChange={(value) => {
              if (value !== member.scope) onChangeScope(member, value as ProjectScope);
            }}
            options={roleOptions.map((code) => ({ value: code, label: ACCESS_SCOPE_NAMES[code] }))}
          />
        </div>
        {/* A fixed slot keeps the role column aligned whether or not the member can be removed. */}
        <div className="flex w-24 justify-end">
          {canRemoveMember(rules, member) ? (
            <Button variant="ghost" aria-label={`Remove ${name}`} onClick={() => onRemove(member)}>
              Remove
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-ink-muted ring-1 ring-line">
      {children}
    </span>
  );
}
