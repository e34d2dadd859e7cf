import { extractErrorMessage, OFFICE_TEXTS, PAGE_TITLES } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { DataTable, DataTableSkeleton } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { memberColumns, MemberRowScope } from './member-row';
import { membersQuery } from './members-api';
import { runsOffice } from './office-rules';
import { currentOfficeQuery } from './offices-api';

/** A member row with avatar, name and e-mail, before it is measured. */
const MEMBER_ROW_HEIGHT = 73;

/**
 * /office/members: the office's members and their roles. Owners change roles, remove members, invite people and
 * revoke invitations; everyone else sees the same list with the controls disabled or absent.
 */
export function OfficeMembersPage() {
  const http = useHttpClient();
  const { user: me } = useAuth();
  const office = useQuery(currentOfficeQuery(http));
  const manages = runsOffice(office.data?.myRole);
  const members = useInfiniteQuery(membersQuery(http));
  const [inviting, setInviting] = useState(false);
  const items = members.data?.pages.flatMap((page) => page.items) ?? [];
  const columns = memberColumns(manages);

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title={PAGE_TITLES.officeMembers}
        description={office.data ? OFFICE_TEXTS.membersIntro(office.data.name) : undefined}
        actions={
          manages ? <Button onClick={() => setInviting(true)}>{OFFICE_TEXTS.inviteMember}</Button> : null
        }
      />
      {office.data && !manages ? (
        <p className="rounded-md border border-line bg-surface px-4 py-3 text-sm text-ink">
          {OFFICE_TEXTS.onlyOwnersManageMembers}
        </p>
      ) : null}
      {members.isPending ? (
        <DataTableSkeleton
          label={OFFICE_TEXTS.loadingMembers}
          columns={columns.filter((column) => !column.actions).map((column) => column.header)}
        />
      ) : members.isError ? (
        <p role="alert" className="text-sm text-danger">
          {OFFICE_TEXTS.membersLoadFailed(extractErrorMessage(members.error))}
        </p>
      ) : (
        <DataTable
          label={OFFICE_TEXTS.membersTable}
          caption={OFFICE_TEXTS.membersCaption}
          columns={columns}
          items={items}
          getKey={(member) => member.userId}
          estimateSize={MEMBER_ROW_HEIGHT}
          busy={members.isFetching}
          minWidthClassName="md:min-w-[640px]"
          wrapRow={(member, row) => (
            <MemberRowScope member={member} isSelf={member.userId === me?.id} manages={manages}>
              {row}
            </MemberRowScope>
          )}
        />
      )}
      {members.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          disabled={members.isFetchingNextPage}
          onClick={() => void members.fetchNextPage()}
        >
          {OFFICE_TEXTS.showMoreMembers}
        </Button>
      ) : null}
      {manages ? <InvitationsSection /> : null}
      <InviteDialog open={inviting} onOpenChange={setInviting} />
    </section>
  );
}
