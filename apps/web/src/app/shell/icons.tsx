import type { SidebarIcon } from './sidebar-items';

// Stroke paths of simple 24x24 outline icons; drawn inline so the shell needs no icon package.
const ICON_PATHS: Record<SidebarIcon | 'menu' | 'close' | 'collapse' | 'expand' | 'back', string> = {
  projects: 'M3 7h6l2 2h10v10H3z',
  users:
    'M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M20 19v-1a3 3 0 0 0-2-2.8M4 19v-1a3 3 0 0 1 2-2.8',
  enums: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  import: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  agencies: 'M4 20V8l8-4 8 4v12M9 20v-5h6v5M8 11h.01M12 11h.01M16 11h.01',
  audit: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 12l2 2 4-4',
  roster: 'M4 5h16v14H4zM9 10a2 2 0 1 0 0-.01M6 16c.5-2 5.5-2 6 0M14 9h4M14 13h4',
  office:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6M19 12h2M3 12h2M12 3v2M12 19v2M17 7l1.5-1.5M5.5 18.5 7 17M17 17l1.5 1.5M5.5 5.5 7 7',
  members:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M3 19v-1a5 5 0 0 1 10 0v1M16 11a3 3 0 1 0 0-6M21 19v-1a5 5 0 0 0-4-4.9',
  offices: 'M3 21h18M5 21V7l7-4v18M19 21V11l-7-4M9 9h.01M9 13h.01M9 17h.01M15 13h.01M15 17h.01',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  collapse: 'M15 6l-6 6 6 6',
  expand: 'M9 6l6 6-6 6',
  back: 'M19 12H5M11 6l-6 6 6 6',
};

export type IconName = keyof typeof ICON_PATHS;

/** A decorative icon; the control around it carries the accessible name. */
export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
