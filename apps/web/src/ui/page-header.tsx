import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

export interface Crumb {
  label: string;
  /** Omitted on the last crumb (the page itself). */
  to?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** Where the page sits, outermost first; the last one is the current page. */
  breadcrumbs?: readonly Crumb[];
  /** A line under the title (counts, type, owner). */
  description?: ReactNode;
  /** The page's buttons, primary last so it ends up at the right on wide screens. */
  actions?: ReactNode;
  className?: string;
}

/** The top of every page: breadcrumbs, one h1, a short description and the page's actions. */
export function PageHeader({ title, breadcrumbs, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cn('flex flex-col gap-3 md:flex-row md:items-end md:justify-between', className)}>
      <div className="min-w-0">
        {breadcrumbs && breadcrumbs.length > 0 ? (
          <nav aria-label="Breadcrumb" className="mb-1">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-muted">
              {breadcrumbs.map((crumb, index) => (
                <li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
                  {index > 0 ? <span aria-hidden="true">/</span> : null}
                  {crumb.to ? (
                    <Link to={crumb.to} className="hover:text-ink hover:underline">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span aria-current="page">{crumb.label}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight break-words text-ink">{title}</h1>
        {description ? <div className="mt-1 text-sm text-ink-muted">{description}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
