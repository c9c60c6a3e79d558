// /book/<token> (docs/features/booking.md, "The booking page"): a visitor books a call with the staff member who owns
// their quote request or contact message, or a candidate their interview. Rendered by the backend for each request with the link's details (or why it
// does not work), never prerendered nor indexed. In the browser: the visitor's time zone (detected, changeable), the
// free slots of MAX_SLOT_VIEW_DAYS days on their clock, a view at a time, and the booking; booking again moves the call.
import {
  BOOKING_CANCEL_PARAM,
  BOOKING_PAGE_TEXTS as TEXTS,
  bookingPageTexts,
  MAX_DAYS_AHEAD,
  MAX_SLOT_VIEW_DAYS,
  parseApiFailure,
  type AnswerOf,
  type BookedMeeting,
  type BookingDetails,
  type BookingPageData,
  type BookingPayload,
  type BookingSlot,
} from '@brightwave/common';
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../components/ui/link';
import { PageHero } from '../components/ui/page-hero';
import { Spinner } from '../components/ui/spinner';
import { SelectField } from '../components/ui/form-field';
import { SubmitButton } from '../components/ui/submit-button';
import { ApiError } from '../lib/api-client';
import { calendarDayLabel, callWhen, detectedTimeZone, groupByDay, timeZoneChoices, viewRange, zoneName, type ShownSlot } from '../lib/booking-times';
import { API_BASE_URL } from '../lib/env';
import { usePageData } from '../lib/page-data';
import type { PageMeta } from '../lib/page-meta';

// The head of a booking page is its link's (booking-head.ts); this one is only its placeholder.
export const meta: PageMeta = { title: 'Book a call', description: 'Book a call with us.' };

/** No view starts further ahead than any staff member takes calls. */
const LAST_PAGE = Math.ceil(MAX_DAYS_AHEAD / MAX_SLOT_VIEW_DAYS) - 1;

type Refused = Extract<BookingPageData, { refused: unknown }>['refused'];

/** One call of the link's API: its answer, or the failure envelope thrown as an ApiError (no answer: fetch's own error). */
async function bookingCall<T>(path: string, init?: RequestInit): Promise<T> {
  // A body is JSON; a request without one says no type (an empty body of JSON is refused).
  const headers: HeadersInit = init?.body ? { Accept: 'application/json', 'Content-Type': 'application/json' } : { Accept: 'application/json' };
  const response = await fetch(`${API_BASE_URL}/api/booking/${path}`, { ...init, headers });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

/** A 404 or 410 of the link's API, with its sentence: the link stopped working since the page was sent. */
function refusalOf(error: unknown): Refused | undefined {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) return undefined;
  const { message } = parseApiFailure(error.body);
  return message === undefined ? undefined : { status: error.status, message };
}

const buttonClass =
  'rounded-full border-2 border-indigo-700 px-4 py-2 text-sm font-semibold text-indigo-700 sm:px-5 sm:text-base hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'dark:border-indigo-300 dark:text-indigo-200 dark:hover:bg-slate-800';

function BookingRefused({ refused }: { refused: Refused }) {
  const title = refused.status === 404 ? TEXTS.notFoundTitle : refused.status === 410 ? TEXTS.goneTitle : TEXTS.unavailableTitle;
  return (
    <>
      <PageHero title={title} />
      <section aria-label={title} className="py-20 text-center">
        <p className="mx-auto max-w-2xl px-4 text-lg text-slate-700 dark:text-slate-300">{refused.message}</p>
        <p className="mt-8">
          <Link to="/contact" className="rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800">
            {TEXTS.contact}
          </Link>
        </p>
      </section>
    </>
  );
}

/**
 * A slot to choose: a radio named by its day and times ("Tuesday 3 December, 10:00 to 10:30"), showing its start. Drawn
 * again only when it is chosen or no longer is, not for every choice among hundreds.
 */
const SlotChoice = memo(function SlotChoice({ slot, checked, onChoose }: { slot: ShownSlot; checked: boolean; onChoose: (slot: BookingSlot) => void }) {
  return (
    <li>
      <label className="block cursor-pointer">
        <input
          type="radio"
          name="slot"
          value={slot.start}
          aria-label={slot.name}
          checked={checked}
          onChange={() => onChoose(slot)}
          // Scrolled into view above the bar that holds the booking button, not under it.
          className="peer sr-only scroll-mb-48"
        />
        {/* Styled by its radio as a sibling (peer-*): a :has() rule on hundreds of slots costs every style recalculation. */}
        <span className="block rounded-lg border border-slate-300 px-3 py-2 text-center font-medium text-slate-900 peer-checked:bg-indigo-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-600 peer-focus-visible:ring-offset-2 hover:border-indigo-600 dark:border-slate-600 dark:text-slate-100 dark:peer-checked:bg-indigo-300 dark:peer-checked:text-slate-950">
          {slot.time}
        </span>
      </label>
    </li>
  );
});

/** The answer of one view's request (`key`: its zone, page and attempt): its slots, or null when it failed. */
interface SlotAnswer {
  key: string;
  slots: BookingSlot[] | null;
}

/**
 * The visitor's time zone, a select of the browser's IANA zones (some four hundred: drawn in slices, as a transition).
 * Before the zone is known, the same field disabled: nothing moves when it is.
 */
const TimeZoneField = memo(function TimeZoneField({ zone, onChange }: { zone: string | null; onChange: (zone: string) => void }) {
  const choices = useMemo(() => (zone ? timeZoneChoices(zone) : []), [zone]);
  if (!zone)
    return (
      <SelectField label={TEXTS.timeZone} name="timeZone" disabled optional>
        <option>{TEXTS.detectingTimeZone}</option>
      </SelectField>
    );
  return (
    <SelectField label={TEXTS.timeZone} name="timeZone" value={zone} onChange={(event) => onChange(event.target.value)}>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {zoneName(choice)}
        </option>
      ))}
    </SelectField>
  );
});

function BookingView({ token, details }: { token: string; details: BookingDetails }) {
  const texts = bookingPageTexts(details.kind);
  // Null on the server and while hydrating (the server cannot know the visitor's clock), then the browser's zone.
  const [zone, setZone] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  // "Today" is the day the page was opened on (views are counted from it).
  const [openedAt] = useState(Date.now);
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<SlotAnswer | null>(null);
  const [chosen, setChosen] = useState<BookingSlot | null>(null);
  const [alternatives, setAlternatives] = useState<BookingSlot[]>([]);
  const [meeting, setMeeting] = useState<BookedMeeting | null>(details.meeting);
  const [booked, setBooked] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Opened from the visitor's mail to cancel the call (`?cancel=1`): the page asks them to confirm first.
  const { search } = useLocation();
  const [cancelling, setCancelling] = useState(() => details.meeting !== null && new URLSearchParams(search).has(BOOKING_CANCEL_PARAM));
  const [refused, setRefused] = useState<Refused | null>(null);
  const bookedHeading = useRef<HTMLHeadingElement>(null);

  // The view on screen; its list is loading until the answer of this very request is in.
  const viewKey = zone && !booked ? `${zone} ${page} ${reloads}` : null;
  useEffect(() => {
    if (!zone || !viewKey) return;
    const { from, to } = viewRange(page, zone, openedAt);
    const query = new URLSearchParams({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });
    const abort = new AbortController();
    bookingCall<AnswerOf<'GET /api/booking/:token/slots'>>(`${token}/slots?${query.toString()}`, { signal: abort.signal }).then(
      // Rendered as a transition: a long list is laid out in slices that leave the page answering input meanwhile.
      (listed) => startTransition(() => setAnswer({ key: viewKey, slots: listed.slots })),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const gone = refusalOf(error);
        if (gone) setRefused(gone);
        else setAnswer({ key: viewKey, slots: null });
      },
    );
    return () => abort.abort();
  }, [token, zone, page, openedAt, viewKey]);

  useEffect(() => {
    if (booked) bookedHeading.current?.focus();
  }, [booked]);

  // After hydration, in a task of its own (reading the zone loads the time zone data), then drawn as a transition: the
  // page keeps answering input meanwhile.
  useEffect(() => {
    const timer = setTimeout(() => {
      const detected = detectedTimeZone();
      startTransition(() => setZone((current) => current ?? detected));
    });
    return () => clearTimeout(timer);
  }, []);

  const changeZone = useCallback((next: string) => {
    setZone(next);
    setPage(0);
  }, []);

  const choose = useCallback((slot: BookingSlot) => {
    setChosen(slot);
    setProblem(null);
  }, []);

  // Each slot's times are read on the visitor's clock once per list and zone, not at every render.
  const slots = answer && answer.key === viewKey ? answer.slots : undefined;
  // The call's own time is no time to move it to: the sentence above says when it is.
  const movable = useMemo(() => slots?.filter((slot) => slot.start !== meeting?.start), [slots, meeting]);
  const days = useMemo(() => (movable && zone ? groupByDay(movable, zone) : []), [movable, zone]);
  const offered = useMemo(() => (zone ? groupByDay(alternatives, zone).flatMap((day) => day.slots) : []), [alternatives, zone]);

  if (refused) return <BookingRefused refused={refused} />;

  const shownZone = zone ?? details.timeZone;
  const view = zone ? viewRange(page, zone, openedAt) : undefined;

  /**
   * Sends a change of the call: its answer, or undefined when it failed (said on the page; a link that stopped working
   * ends the page). `on409`: what else a refusal of the change's time or state does.
   */
  async function change<T>(call: () => Promise<T>, failureText: string, on409?: (body: unknown) => void): Promise<T | undefined> {
    setSending(true);
    setProblem(null);
    setNotice(null);
    try {
      return await call();
    } catch (error) {
      const gone = refusalOf(error);
      if (gone) setRefused(gone);
      const failure = error instanceof ApiError ? error : undefined;
      setProblem(parseApiFailure(failure?.body).message ?? failureText);
      if (failure?.status === 409) on409?.(failure.body);
      return undefined;
    } finally {
      setSending(false);
    }
  }

  async function book(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!chosen || !zone) return setProblem(texts.choose);
    const body: BookingPayload = { start: chosen.start, timeZone: zone };
    const answer = await change(
      () => bookingCall<AnswerOf<'POST /api/booking/:token'>>(token, { method: 'POST', body: JSON.stringify(body) }),
      texts.bookFailure,
      // Not free any more: the next free times instead, and the list as it is now.
      (refusal) => {
        setAlternatives((refusal as { slots?: BookingSlot[] }).slots ?? []);
        setChosen(null);
        setReloads((count) => count + 1);
      },
    );
    if (!answer) return;
    setMeeting(answer.meeting);
    setBooked(true);
    setChosen(null);
    setAlternatives([]);
  }

  async function cancel() {
    if (sending) return;
    if (!(await change(() => bookingCall<AnswerOf<'DELETE /api/booking/:token'>>(token, { method: 'DELETE' }), texts.cancelFailure))) return;
    setMeeting(null);
    setCancelling(false);
    setNotice(texts.cancelled);
    setReloads((count) => count + 1);
  }

  return (
    <>
      <PageHero title={texts.title(details.with)} tagline={texts.tagline(details.meetingMinutes)} />
      <section className="py-12">
        <div className="mx-auto max-w-3xl space-y-8 px-4 sm:px-6">
          {cancelling && meeting ? (
            <div className="space-y-6 text-center">
              {/* Said on the staff member's clock until the visitor's is known: room for the longer sentence, so that nothing moves then. */}
              <p className="min-h-[4lh] text-lg text-slate-700 sm:min-h-[2lh] dark:text-slate-200">
                {texts.cancelQuestion(meeting.with, callWhen(meeting, shownZone))}
              </p>
              {problem && (
                <p role="alert" className="font-medium text-red-700 dark:text-red-300">
                  {problem}
                </p>
              )}
              <p className="flex flex-wrap justify-center gap-4">
                <button
                  type="button"
                  disabled={sending}
                  onClick={() => void cancel()}
                  className="rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:cursor-wait disabled:opacity-70"
                >
                  {sending ? texts.cancelling : texts.cancel}
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => {
                    setCancelling(false);
                    setProblem(null);
                  }}
                >
                  {texts.keep}
                </button>
              </p>
            </div>
          ) : booked && meeting ? (
            <div className="space-y-6 text-center">
              <h2 ref={bookedHeading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none dark:text-white">
                {texts.bookedHeading}
              </h2>
              <p className="text-lg text-slate-700 dark:text-slate-200">{texts.booked(meeting.with, callWhen(meeting, shownZone))}</p>
              <button
                type="button"
                className={buttonClass}
                onClick={() => {
                  setBooked(false);
                  setReloads(reloads + 1);
                }}
              >
                {texts.another}
              </button>
            </div>
          ) : (
            <form onSubmit={book} aria-label={texts.title(details.with)} className="space-y-6">
              {notice && (
                <p role="status" className="text-lg font-medium text-slate-900 dark:text-white">
                  {notice}
                </p>
              )}
              {meeting && (
                // Said on the staff member's clock until the visitor's is known: room for the longer sentence, so that nothing moves then.
                <p className="min-h-[4lh] text-lg text-slate-700 sm:min-h-[2lh] dark:text-slate-200">
                  {texts.current(meeting.with, callWhen(meeting, shownZone))}
                </p>
              )}
              <TimeZoneField zone={zone} onChange={changeZone} />

              {offered.length > 0 && (
                <fieldset className="space-y-3">
                  <legend className="text-lg font-semibold text-slate-900 dark:text-white">{texts.alternatives}</legend>
                  <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                    {offered.map((slot) => (
                      <SlotChoice key={slot.start} slot={{ ...slot, time: slot.name }} checked={chosen?.start === slot.start} onChoose={choose} />
                    ))}
                  </ul>
                </fieldset>
              )}

              {/* Tall enough from the first paint that the list arriving moves nothing on screen. */}
              <section aria-labelledby="booking-times" className="min-h-[70vh] space-y-6">
                <div>
                  <h2 id="booking-times" className="text-2xl font-bold text-slate-900 dark:text-white">
                    {texts.times}
                  </h2>
                  {/* One short line, there before the visitor's clock is known: nothing moves when it is filled in. */}
                  <p className="whitespace-nowrap text-slate-700 dark:text-slate-300">
                    {view ? `${calendarDayLabel(view.first)} – ${calendarDayLabel(view.last)}` : '\u00a0'}
                  </p>
                </div>
                <div className="flex justify-between gap-3">
                  <button type="button" className={buttonClass} disabled={!zone || page === 0} onClick={() => setPage(page - 1)}>
                    <span aria-hidden="true">← </span>
                    {texts.previous}
                  </button>
                  <button type="button" className={buttonClass} disabled={!zone || page === LAST_PAGE} onClick={() => setPage(page + 1)}>
                    {texts.next}
                    <span aria-hidden="true"> →</span>
                  </button>
                </div>
                {slots === undefined && (
                  <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
                    {texts.loading}
                  </p>
                )}
                {slots === null && (
                  <div role="alert" className="space-y-4 py-8 text-center">
                    <p className="text-red-700 dark:text-red-300">{texts.loadFailure}</p>
                    <button type="button" className={buttonClass} onClick={() => setReloads(reloads + 1)}>
                      {texts.retry}
                    </button>
                  </div>
                )}
                {movable?.length === 0 && <p className="py-8 text-center text-slate-700 dark:text-slate-300">{texts.none}</p>}
                {days.map((day) => (
                  <fieldset key={day.key} className="space-y-3">
                    <legend>
                      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{day.label}</h3>
                    </legend>
                    {/* Styled, laid out and painted only near the screen (content-visibility), with the room of a full day until
                        then (6 rows of slots; 4 rows on a wider screen). The padding keeps a slot's focus ring inside the paint
                        it is clipped to, the negative margin the layout as it was. */}
                    <ul className="-m-1 grid grid-cols-3 gap-2 p-1 [contain-intrinsic-size:auto_18.25rem] [content-visibility:auto] sm:grid-cols-5 sm:[contain-intrinsic-size:auto_12rem]">
                      {day.slots.map((slot) => (
                        <SlotChoice key={slot.start} slot={slot} checked={chosen?.start === slot.start} onChoose={choose} />
                      ))}
                    </ul>
                  </fieldset>
                ))}
              </section>

              <div className="sticky bottom-0 space-y-3 border-t border-slate-200 bg-white py-4 dark:border-slate-700 dark:bg-slate-950">
                <p aria-live="polite" className="text-slate-700 dark:text-slate-200">
                  {chosen ? texts.chosen(callWhen(chosen, shownZone)) : texts.choose}
                </p>
                {problem && (
                  <p role="alert" className="font-medium text-red-700 dark:text-red-300">
                    {problem}
                  </p>
                )}
                <SubmitButton
                  sending={sending}
                  label={meeting ? texts.move : texts.book}
                  sendingLabel={texts.sending}
                  className="disabled:cursor-wait disabled:opacity-70"
                />
              </div>
            </form>
          )}
        </div>
      </section>
    </>
  );
}

export default function BookingPage() {
  const booking = usePageData().booking;
  // Reached by a navigation inside the site, the page is the server's to render for its link: the browser loads it.
  useEffect(() => {
    if (!booking) window.location.reload();
  }, [booking]);
  if (!booking) return <Spinner label="Loading page" />;
  if ('refused' in booking) return <BookingRefused refused={booking.refused} />;
  return <BookingView token={booking.token} details={booking.details} />;
}
