import type { ReactNode } from 'react';
import { Logo, LogoMark } from '../../ui/logo';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/**
 * The signed-out screens' frame. On wide screens (lg, 1024 px) a brand panel takes the left half and the
 * form sits centred in the right; on a phone the form comes first under the logo, nothing to scroll past.
 * The panel is decoration with a short promise of what the product does; it holds no controls.
 */
export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <div className="grid min-h-full lg:min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <BrandPanel />
      <div className="flex items-center justify-center px-4 py-10 sm:py-16">
        <section className="w-full max-w-sm">
          <div className="mb-8 flex justify-center lg:hidden">
            <Logo />
          </div>
          <h1 className="mb-6 text-center text-2xl font-semibold text-ink lg:text-left">{title}</h1>
          <div className="rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">{children}</div>
        </section>
      </div>
    </div>
  );
}

const PROMISES = [
  'Projects, opportunities and folders in one workspace',
  'Submissions from agents and talent, reviewed with your team',
  'Share selections with clients and collect their feedback',
];

function BrandPanel() {
  return (
    <aside
      aria-label="About Casting"
      className="relative hidden overflow-hidden bg-[#1b1750] p-12 text-white lg:flex lg:flex-col lg:justify-between"
    >
      {/* A soft spotlight: the logo's beam, drawn large behind the text. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -left-40 size-[36rem] rounded-full bg-[radial-gradient(circle,rgba(129,140,248,0.45),transparent_65%)]"
      />
      <div className="relative flex items-center gap-2">
        <LogoMark className="size-9" />
        <span className="text-lg font-semibold tracking-tight">Casting</span>
      </div>
      <div className="relative max-w-md">
        <p className="text-3xl leading-tight font-semibold tracking-tight">
          Find the right people for every role.
        </p>
        <ul className="mt-8 flex flex-col gap-3 text-sm text-indigo-100">
          {PROMISES.map((promise) => (
            <li key={promise} className="flex items-start gap-3">
              <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-indigo-300" />
              {promise}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-xs text-indigo-200">
        Casting · for casting directors, their teams and clients
      </p>
    </aside>
  );
}

/** A form-level message: a refusal from the server or an outcome worth reading at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger">
      {children}
    </p>
  );
}
