import { CONTACT_REPLIERS, FORM_CONFIRMATIONS, type BookingLink, type ContactDepartment } from '@brightwave/common';
import { useEffect, useId, useRef } from 'react';
import { Link } from './ui/link';

/**
 * What a public form shows in its place once sent (decision 070): who answers and when, to the address typed
 * (`email`), the confirmation mail when the server sends one (`mailed`), and the next step: 'Send another…', which
 * gives the form back empty, or the dialog's 'Done' (`onAction`), and after a quote request a link to the portfolio.
 * When the answer offers a call with the request's owner (`booking`), a link to book it comes first.
 * The focus moves to its heading, so a screen reader announces it and the keyboard carries on from there. Fetched when
 * a form is sent (lib/form-confirmation.ts), so no page's first load carries it.
 */
export default function FormConfirmation({
  form,
  email,
  mailed,
  department,
  booking,
  onAction,
}: {
  form: 'quote' | 'contact' | 'application';
  email: string;
  mailed: boolean;
  /** The contact message's department, who answers it. */
  department?: ContactDepartment;
  /** The page where the visitor books a call with the owner of what they sent (the answer's `booking`). */
  booking?: BookingLink;
  onAction: () => void;
}) {
  const texts = FORM_CONFIRMATIONS[form];
  const [before, after] = texts.reply.replace('{team}', CONTACT_REPLIERS[department ?? 'general']).split('{email}');
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby={id} className="space-y-4 text-center">
      <h3 id={id} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none dark:text-white">
        {texts.heading}
      </h3>
      <p className="text-slate-700 dark:text-slate-200">
        {before}
        <strong className="break-all">{email}</strong>
        {after}
      </p>
      {mailed && <p className="text-slate-700 dark:text-slate-200">{FORM_CONFIRMATIONS.mailed}</p>}
      {booking && (
        <p>
          {/* The booking page is the server's, rendered for its link: an ordinary link, not a navigation in the app. */}
          <a href={booking.url} className="inline-block rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800">
            {FORM_CONFIRMATIONS.bookCall(booking.with)}
          </a>
        </p>
      )}
      <div className="flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={onAction}
          className="rounded-full border-2 border-indigo-700 px-6 py-2 font-semibold text-indigo-700 hover:bg-indigo-50 dark:border-indigo-300 dark:text-indigo-200 dark:hover:bg-slate-700"
        >
          {'again' in texts ? texts.again : texts.done}
        </button>
        {form === 'quote' && (
          <Link to="/portfolio" className="font-semibold text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
            {FORM_CONFIRMATIONS.portfolio}
          </Link>
        )}
      </div>
    </section>
  );
}
