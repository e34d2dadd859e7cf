import { SignInForm } from './sign-in-form';

export function SignInPage() {
  return (
    <div className="flex min-h-full items-center justify-center px-4 py-12">
      <section className="w-full max-w-sm rounded-lg border border-line bg-surface p-6 shadow-sm sm:p-8">
        <p className="mb-2 text-center text-lg font-bold text-brand-700">Casting</p>
        <h1 className="mb-6 text-center text-2xl font-semibold text-ink">Sign in</h1>
        <SignInForm />
      </section>
    </div>
  );
}
