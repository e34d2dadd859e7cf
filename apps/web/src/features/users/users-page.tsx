import { USER_SEARCH_MIN_CHARS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { Pager } from '../../ui/pager';
import { SearchField } from '../../ui/search-field';
import { StaleListNotice } from '../../ui/stale-list-notice';
import { DataTable, DataTableSkeleton } from '../../ui/data-table';
import { USER_COLUMNS, UserRowScope } from './user-row';
import { USERS_PAGE_SIZE, userRolesQuery, usersListQuery } from './users-api';

/** A user row with its avatar, name and e-mail, before it is measured. */
const USER_ROW_HEIGHT = 73;
const SKELETON_COLUMNS = USER_COLUMNS.filter((column) => !column.actions).map((column) => column.header);

/** /users (super admin): list, search, paging, and each user's role, second factor and activation. */
export function UsersPage() {
  const http = useHttpClient();
  const { user: me } = useAuth();
  const [input, setInput] = useState('');
  const q = useDebouncedSearch(input, USER_SEARCH_MIN_CHARS);
  // The page belongs to the search it was chosen for: a new search starts at the first page.
  const [paging, setPaging] = useState({ q: '', offset: 0 });
  const offset = paging.q === q ? paging.offset : 0;
  const list = useQuery(usersListQuery(http, q, offset));
  const roles = useQuery(userRolesQuery(http));
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.code, label: role.label }));
  const total = list.data?.total ?? 0;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-ink">Users</h1>
      <div className="max-w-md">
        <SearchField
          label="Search users"
          value={input}
          onChange={setInput}
          minChars={USER_SEARCH_MIN_CHARS}
          placeholder="Name or email"
          hint="Search by first name, last name or email."
        />
      </div>

      <StaleListNotice paused={list.fetchStatus === 'paused' && !list.isPending} />
      {list.isPending ? <DataTableSkeleton label="Loading users" columns={SKELETON_COLUMNS} /> : null}
      {list.data ? (
        <>
          <DataTable
            label="Users table"
            caption="Users, newest first"
            columns={USER_COLUMNS}
            items={list.data.items}
            getKey={(user) => user.id}
            estimateSize={USER_ROW_HEIGHT}
            busy={list.isFetching}
            minWidthClassName="md:min-w-[760px]"
            wrapRow={(user, row) => (
              <UserRowScope user={user} isSelf={user.id === me?.id} roleOptions={roleOptions}>
                {row}
              </UserRowScope>
            )}
            empty="No users match this search."
          />
          <Pager
            label="Users pages"
            offset={offset}
            pageSize={USERS_PAGE_SIZE}
            total={total}
            busy={list.isFetching}
            onOffsetChange={(next) => setPaging({ q, offset: next })}
          />
        </>
      ) : null}
    </section>
  );
}
