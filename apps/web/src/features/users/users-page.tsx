import { SEARCH_SELECT_DEBOUNCE_MS, USER_SEARCH_MIN_CHARS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { Spinner } from '../../ui/spinner';
import { effectiveSearch, useDebounced } from './search-term';
import { UserRow } from './user-row';
import { USERS_PAGE_SIZE, userRolesQuery, usersListQuery } from './users-api';

/** /users (super admin): list, search, paging, and each user's role, second factor and activation. */
export function UsersPage() {
  const http = useHttpClient();
  const { user: me } = useAuth();
  const searchId = useId();
  const [input, setInput] = useState('');
  const q = useDebounced(effectiveSearch(input), SEARCH_SELECT_DEBOUNCE_MS);
  // The page belongs to the search it was chosen for: a new search starts at the first page.
  const [paging, setPaging] = useState({ q: '', offset: 0 });
  const offset = paging.q === q ? paging.offset : 0;
  const list = useQuery(usersListQuery(http, q, offset));
  const roles = useQuery(userRolesQuery(http));
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.code, label: role.label }));
  const typedTooLittle = input.trim().length > 0 && input.trim().length < USER_SEARCH_MIN_CHARS;

  const total = list.data?.total ?? 0;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + USERS_PAGE_SIZE, total);

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-ink">Users</h1>
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium text-ink">
          Search users
        </label>
        <Input
          id={searchId}
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Name or email"
          aria-describedby={`${searchId}-hint`}
        />
        <p id={`${searchId}-hint`} className="text-xs text-ink-muted">
          {typedTooLittle
            ? `Type at least ${USER_SEARCH_MIN_CHARS} characters to search.`
            : 'Search by first name, last name or email.'}
        </p>
      </div>

      {list.isPending ? <Spinner label="Loading users" /> : null}
      {list.data ? (
        <>
          {/* Positioned so the visually hidden labels inside scroll with the table instead of widening the page. */}
          <div
            role="region"
            aria-label="Users table"
            tabIndex={0}
            className="relative overflow-x-auto rounded-lg border border-line bg-surface px-4"
          >
            <table className="w-full min-w-[760px] text-left">
              <caption className="sr-only">Users, newest first</caption>
              <thead>
                <tr className="text-sm text-ink-muted">
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
              <tbody>
                {list.data.items.map((user) => (
                  <UserRow key={user.id} user={user} isSelf={user.id === me?.id} roleOptions={roleOptions} />
                ))}
              </tbody>
            </table>
            {list.data.items.length === 0 ? (
              <p className="py-6 text-center text-sm text-ink-muted">No users match this search.</p>
            ) : null}
          </div>
          <nav aria-label="Users pages" className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink-muted" aria-live="polite">
              {total === 0 ? 'No users' : `Showing ${first}–${last} of ${total}`}
            </p>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={offset === 0 || list.isFetching}
                onClick={() => setPaging({ q, offset: Math.max(offset - USERS_PAGE_SIZE, 0) })}
              >
                Previous page
              </Button>
              <Button
                variant="secondary"
                disabled={offset + USERS_PAGE_SIZE >= total || list.isFetching}
                onClick={() => setPaging({ q, offset: offset + USERS_PAGE_SIZE })}
              >
                Next page
              </Button>
            </div>
          </nav>
        </>
      ) : null}
    </section>
  );
}
