/** Under the submit button of every public form: what the details are for, and the policy (docs/features/privacy-and-retention.md). */
export function PrivacyNote() {
  return (
    <p className="text-center text-sm text-slate-600 dark:text-slate-300">
      We use these details only to answer you. {/* A new tab (so a plain link): the form keeps what the person typed while they read the policy. */}
      <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
        Privacy Policy
      </a>
    </p>
  );
}
