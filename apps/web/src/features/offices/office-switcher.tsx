import { OFFICE_ROLE_NAMES, OFFICE_TEXTS, PAGE_TITLES } from '@casting/domain';
import type { MyOffice } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useHttpClient } from '../../lib/http/http-client-context';
import { paths } from '../../lib/routing/paths';
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from '../../ui/dropdown-menu';
import { OfficeMark } from './office-mark';
import { runsOffice, seesMembers } from './office-rules';
import { useSwitchOffice } from './office-switch';
import { currentOfficeQuery, myOfficesQuery } from './offices-api';

/** What an office's entry says under its name: the caller's role there, and its state when it is not active. */
function entryDetail(office: MyOffice): string {
  const parts = [office.role ? OFFICE_ROLE_NAMES[office.role] : null];
  if (office.status !== 'ACTIVE') parts.push(OFFICE_TEXTS.officeStatusNames[office.status]);
  return parts.filter(Boolean).join(' · ');
}

/**
 * The top bar's office menu: the current office's name and logo; the caller's offices to move to; the office's
 * settings and members for those who may open them. Choosing another office starts over there (office-switch.tsx).
 * A radix menu: arrow keys, typeahead, Enter and Escape; the button's name starts with the office's name it shows.
 */
export function OfficeSwitcher() {
  const http = useHttpClient();
  const navigate = useNavigate();
  const current = useQuery(currentOfficeQuery(http));
  const mine = useQuery(myOfficesQuery(http));
  const switcher = useSwitchOffice();
  const offices = mine.data ?? [];
  const listed = offices.find((office) => office.current);
  const name = current.data?.name ?? listed?.name ?? OFFICE_TEXTS.chooseOffice;
  const role = current.data?.myRole ?? null;

  const choose = (id: string) => {
    const office = offices.find((candidate) => candidate.id === id);
    if (!office || office.current || switcher.isPending) return;
    switcher.mutate(office.id);
  };

  return (
    <DropdownMenu
      align="start"
      trigger={
        <button
          type="button"
          // The name starts with the office's name the button shows, so a person who says what they see finds it.
          aria-label={`${name}, ${OFFICE_TEXTS.officeMenuSuffix}`}
          aria-busy={switcher.isPending}
          className="flex min-h-10 max-w-[11rem] min-w-0 items-center gap-2 rounded-md px-2 text-sm font-medium text-ink hover:bg-canvas sm:max-w-xs"
        >
          <OfficeMark name={name} logoUrl={current.data?.logoUrl ?? null} />
          <span className="truncate">{name}</span>
          <span aria-hidden="true" className="shrink-0 text-ink-muted">
            ▾
          </span>
        </button>
      }
    >
      <DropdownMenuLabel>{OFFICE_TEXTS.yourOffices}</DropdownMenuLabel>
      {mine.isError ? (
        <p role="alert" className="max-w-64 px-3 py-2 text-sm text-danger">
          {OFFICE_TEXTS.officesLoadFailed}
        </p>
      ) : null}
      <DropdownMenuRadioGroup
        value={listed?.id ?? ''}
        onValueChange={choose}
        aria-label={OFFICE_TEXTS.yourOffices}
      >
        {offices.map((office) => (
          <DropdownMenuRadioItem key={office.id} value={office.id} disabled={switcher.isPending}>
            <span className="block truncate font-medium">{office.name}</span>
            <span className="block text-xs text-ink-muted">{entryDetail(office)}</span>
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
      {seesMembers(role) ? (
        <>
          <DropdownMenuSeparator />
          {runsOffice(role) ? (
            <DropdownMenuItem onSelect={() => void navigate(paths.office.settings)}>
              {PAGE_TITLES.officeSettings}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => void navigate(paths.office.members)}>
            {PAGE_TITLES.officeMembers}
          </DropdownMenuItem>
        </>
      ) : null}
    </DropdownMenu>
  );
}
