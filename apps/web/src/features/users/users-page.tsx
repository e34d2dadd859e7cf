import { USER_SEARCH_MIN_CHARS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { Pager } from '../../ui/pager';
import { SearchField } from '../../ui/search-field';
import { Spinner } from '../../ui/spinner';
import { StaleListNotice } from '../../ui/stale-list-notice';
import { cn } from '../../ui/cn';
import { VIRTUALIZE_FROM, VirtualTableBody } from '../../ui/virtual-rows';
import { UserRow } from './user-row';
import { USERS_PAGE_SIZE, userRolesQuery, usersListQuery } from './users-api';

/** A user row with its avatar, name and e-mail, before it is measured. */
const USER_ROW_HEIGHT = 73;
const COLUMNS = 5;

/** /users (super admin): list, search, paging, and each user's role, second factor and activation. */
export function UsersPage() {
  const http = useHttpClient();
  const { user: me } = useAuth();
  const scrollRef = useRef<HTMLDivElement>(null);
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
      {list.isPending ? <Spinner label="Loading users" /> : null}
      {list.data ? (
        <>
          {/* Positioned so the visually hidden labels inside scroll with the table instead of widening the page. */}
          <div
            ref={scrollRef}
            role="region"
            aria-label="Users table"
            tabIndex={0}
            className={cn(
              'relative rounded-lg border border-line bg-surface px-4',
              // A long table scrolls within its own area, where its rows are rendered as they come into view.
              list.data.items.length >= VIRTUALIZE_FROM ? 'max-h-[75vh] overflow-auto' : 'overflow-x-auto',
            )}
          >
            {/* On a phone each user is a card (labels beside the values) instead of a table scrolled sideways. */}
            <table
              className="w-full text-left max-md:block max-md:[&>tbody]:block max-md:[&>thead]:hidden md:min-w-[760px]"
              aria-rowcount={list.data.items.length + 1}
            >
              <caption className="sr-only">Users, newest first</caption>
              <thead>
                <tr className="text-sm text-ink-muted" aria-rowindex={1}>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Second factor
                  </th>
                  <th scope="col" className="py-3 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <VirtualTableBody
                items={list.data.items}
                getKey={(user) => user.id}
                estimateSize={USER_ROW_HEIGHT}
                scrollRef={scrollRef}
                columns={COLUMNS}
                renderRow={(user, rowProps) => (
                  <UserRow
                    user={user}
                    isSelf={user.id === me?.id}
                    roleOptions={roleOptions}
                    rowProps={rowProps}
                  />
                )}
              />
            </table>
            {list.data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-ink-muted">No users match this search.</p>
            ) : null}
          </div>
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
