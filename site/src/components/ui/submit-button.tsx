/** A form's full-width submit button: disabled, and reading `sendingLabel`, while the form is being sent. */
export function SubmitButton({
  sending,
  label,
  sendingLabel,
  className,
}: {
  sending: boolean;
  label: string;
  sendingLabel: string;
  /** How this form's button looks while disabled. */
  className: string;
}) {
  return (
    <button
      type="submit"
      disabled={sending}
      className={`w-full rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 ${className}`}
    >
      {sending ? sendingLabel : label}
    </button>
  );
}
