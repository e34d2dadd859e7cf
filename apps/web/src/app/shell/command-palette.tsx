import { PROJECT_SEARCH_MIN_CHARS, USER_ROLE_IDS, PAGE_TITLES } from '@casting/domain';
import type { OfficeRole } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { projectListQuery } from '../../features/projects';
import type { User } from '../../lib/auth/user';
import { useHttpClient } from '../../lib/http/http-client-context';
import { isTyping } from '../../lib/keyboard/is-typing';
import { paths } from '../../lib/routing/paths';
import { useDebouncedSearch } from '../../lib/search/search-term';
import { usePageShortcutList } from '../../lib/shortcuts/page-shortcuts';
import type { Shortcut } from '../../lib/shortcuts/page-shortcuts';
import { cn } from '../../ui/cn';
import { Kbd } from '../../ui/kbd';
import { sidebarItemsFor } from './sidebar-items';

interface Command {
  id: string;
  group: 'Projects' | 'Pages' | 'Actions';
  label: string;
  to: string;
}

const { SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT } = USER_ROLE_IDS;
const PROJECT_CREATOR_IDS: readonly number[] = [SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT];

/** The pages and actions this person may open (the same rules as the sidebar: no dead ends). */
export function staticCommands(roleId: number, officeRole: OfficeRole | null = null): Command[] {
  const pages: Command[] = [
    ...sidebarItemsFor(roleId, officeRole).map((item) => ({
      id: item.to,
      group: 'Pages' as const,
      label: item.label,
      to: item.to,
    })),
    { id: paths.profile, group: 'Pages', label: 'Profile', to: paths.profile },
  ];
  const actions: Command[] = PROJECT_CREATOR_IDS.includes(roleId)
    ? [{ id: 'new-project', group: 'Actions', label: PAGE_TITLES.newProject, to: paths.projectV2.create }]
    : [];
  return [...actions, ...pages];
}

function matches(label: string, text: string): boolean {
  return label.toLowerCase().includes(text.trim().toLowerCase());
}

/**
 * Ctrl/Cmd+K: jump to a project (searched by name as you type), a page or an action, with the
 * arrow keys and Enter. '?' lists the shortcuts.
 */
export function CommandPalette({ user, officeRole = null }: { user: User; officeRole?: OfficeRole | null }) {
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((value) => !value);
      } else if (event.key === '?' && !isTyping(event.target) && !event.metaKey && !event.ctrlKey) {
        event.preventDefault();
        setHelp(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="hidden min-h-9 items-center gap-3 rounded-md border border-line bg-canvas px-3 text-sm text-ink-muted hover:text-ink sm:inline-flex"
      >
        Jump to…
        <span className="flex gap-0.5">
          <Kbd>Ctrl</Kbd>
          <Kbd>K</Kbd>
        </span>
      </button>
      {open ? <Palette user={user} officeRole={officeRole} onClose={() => setOpen(false)} /> : null}
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </>
  );
}

function Palette({
  user,
  officeRole,
  onClose,
}: {
  user: User;
  officeRole: OfficeRole | null;
  onClose(): void;
}) {
  const http = useHttpClient();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebouncedSearch(text, PROJECT_SEARCH_MIN_CHARS);
  const projects = useQuery(projectListQuery(http, { q, archived: 'false', offset: 0 }));

  const commands = useMemo(() => {
    const found: Command[] = (projects.data?.items ?? []).slice(0, 6).map((project) => ({
      id: project.id,
      group: 'Projects',
      label: project.name,
      // A client account reviews its projects in the client layout (decision 0142).
      to:
        user.roleId === USER_ROLE_IDS.CLIENT
          ? paths.client.reviewProject(project.id)
          : paths.project.overview(project.id),
    }));
    return [
      ...found,
      ...staticCommands(user.roleId, officeRole).filter((command) => matches(command.label, text)),
    ];
  }, [projects.data, user.roleId, officeRole, text]);
  const current = Math.min(active, Math.max(commands.length - 1, 0));

  const go = (command: Command | undefined) => {
    if (!command) return;
    onClose();
    void navigate(command.to);
  };

  return (
    <RadixDialog.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-[12vh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-xl border border-line bg-surface shadow-xl"
        >
          <RadixDialog.Title className="sr-only">Jump to</RadixDialog.Title>
          <input
            autoFocus
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={commands[current] ? `${listId}-${current}` : undefined}
            aria-label="Jump to a project, page or action"
            placeholder="Jump to a project, page or action…"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setActive((current + 1) % Math.max(commands.length, 1));
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((current - 1 + commands.length) % Math.max(commands.length, 1));
              } else if (event.key === 'Enter') {
                event.preventDefault();
                go(commands[current]);
              }
            }}
            className="w-full border-b border-line bg-transparent px-4 py-3 text-base text-ink outline-none placeholder:text-ink-muted"
          />
          <ul id={listId} role="listbox" aria-label="Results" className="max-h-80 overflow-y-auto p-2">
            {commands.length === 0 ? (
              <li className="px-3 py-6 text-center text-sm text-ink-muted">Nothing matches “{text}”.</li>
            ) : null}
            {commands.map((command, index) => (
              <li
                key={`${command.group}-${command.id}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === current}
                onMouseEnter={() => setActive(index)}
                onClick={() => go(command)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm',
                  index === current ? 'bg-brand-50 text-brand-800' : 'text-ink',
                )}
              >
                <span className="truncate">{command.label}</span>
                <span className="shrink-0 text-xs text-ink-muted">{command.group}</span>
              </li>
            ))}
          </ul>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Ctrl', 'K'], what: 'Jump to a project, page or action (⌘K on a Mac)' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['Esc'], what: 'Close a dialog or menu' },
];

function ShortcutTable({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  return (
    <dl className="mt-4 flex flex-col gap-3">
      {shortcuts.map(({ keys, what }) => (
        <div key={what} className="flex items-center justify-between gap-4 text-sm">
          <dt className="text-ink">{what}</dt>
          <dd className="flex shrink-0 gap-1">
            {keys.map((key) => (
              <Kbd key={key}>{key}</Kbd>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The shortcuts everywhere, then those of what the page shows now (registered with usePageShortcuts). */
function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const onThisPage = usePageShortcutList();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-surface p-6 shadow-xl"
        >
          <RadixDialog.Title className="text-lg font-semibold text-ink">Keyboard shortcuts</RadixDialog.Title>
          <ShortcutTable shortcuts={SHORTCUTS} />
          {onThisPage.length > 0 ? (
            <>
              <h3 className="mt-5 text-sm font-semibold text-ink">On this page</h3>
              <ShortcutTable shortcuts={onThisPage} />
            </>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
