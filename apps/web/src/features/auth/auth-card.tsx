import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  children: ReactNode;
}

/** The signed-out screens' frame: the brand, one heading, a card that fits a 375 px phone. */
export function AuthCard({ title, children }: AuthCardProps) {
  return (
    <div className="flex min-h-full items-center justify-center px-4 py-12">
      <section className="w-full max-w-sm rounded-lg border border-line bg-surface p-6 shadow-sm sm:p-8">
        <p className="mb-2 text-center text-lg font-bold text-brand-700">Casting</p>
        <h1 className="mb-6 text-center text-2xl font-semibold text-ink">{title}</h1>
        {children}
      </section>
    </div>
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
