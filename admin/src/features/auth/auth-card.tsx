import type { FormEvent, ReactNode } from 'react';

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 px-4">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow-md">
        <p className="mb-2 text-center text-sm font-semibold uppercase tracking-wider text-blue-800">Brightwave Admin</p>
        <h1 className="mb-2 text-center text-2xl font-bold text-gray-900">{title}</h1>
        {intro && <div className="mb-6 text-center text-sm text-gray-700">{intro}</div>}
        {children}
      </div>
    </main>
  );
}

function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

interface AuthFormProps {
  title: string;
  intro: ReactNode;
  /** Shown as an alert above the fields; empty shows nothing. */
  error: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The form of a sign-in step on its card: its error first, then the fields and buttons. */
export function AuthForm({ title, intro, error, onSubmit, children }: AuthFormProps) {
  return (
    <AuthCard title={title} intro={intro}>
      <form onSubmit={onSubmit} className="space-y-4">
        <FormError message={error} />
        {children}
      </form>
    </AuthCard>
  );
}
