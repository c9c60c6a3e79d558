import { AVAILABILITY_LIMITS, AVAILABILITY_MESSAGES, type Availability, type AvailabilityView, type WeeklyWindow } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { FieldError, SelectField, TextField, errorAttributes, inputClasses } from '../../components/ui/fields';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { useGetAvailabilityQuery, useSaveAvailabilityMutation } from './availability-api';

/** The week as people read it here: Monday first (`day` 0 is Sunday, as in JavaScript and the API). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const OFFICE_HOURS = { start: '09:00', end: '17:00' };

type Settings = Omit<Availability, 'busyCalendarUrl'>;
type NumberSetting = keyof typeof AVAILABILITY_LIMITS;

const NUMBER_FIELDS: { key: NumberSetting; label: string; hint: string }[] = [
  { key: 'meetingMinutes', label: 'Call length (minutes)', hint: 'Slots follow one another this far apart.' },
  { key: 'bufferMinutes', label: 'Free time around each call (minutes)', hint: 'Kept free before and after every booked call.' },
  { key: 'minNoticeHours', label: 'Notice (hours)', hint: 'No call can be booked sooner than this.' },
  { key: 'maxDaysAhead', label: 'Bookable ahead (days)', hint: 'No call can be booked further ahead than this.' },
];

/** The zones a person can pick: the browser's list, with the saved one kept when the browser does not list it (UTC). */
function timeZoneOptions(saved: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes(saved) ? zones : [saved, ...zones]).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** My availability: when visitors and candidates may book a call with me, and the calendar that says when I am busy. */
export function AvailabilityPage() {
  const availability = useGetAvailabilityQuery();
  return (
    <>
      <PageHeader title="My availability" />
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Visitors who send a quote request or a contact message you own can book a call with you in these hours, and candidates an interview. Times are in your
        time zone; visitors see them in theirs.
      </p>
      {availability.isLoading ? (
        <Loading label="Loading your availability…" />
      ) : availability.isError || !availability.data ? (
        <LoadError onRetry={availability.refetch} />
      ) : (
        <AvailabilityForm saved={availability.data.availability} />
      )}
    </>
  );
}

function AvailabilityForm({ saved }: { saved: AvailabilityView }) {
  const { hasBusyCalendar, busyCalendarProblem, ...savedSettings } = saved;
  const [settings, setSettings] = useState<Settings>(savedSettings);
  const [calendarUrl, setCalendarUrl] = useState('');
  const [removeCalendar, setRemoveCalendar] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading: saving }] = useSaveAvailabilityMutation();

  const setWindow = (index: number, change: Partial<WeeklyWindow>) =>
    setSettings((current) => ({ ...current, weekly: current.weekly.map((window, at) => (at === index ? { ...window, ...change } : window)) }));
  const addWindow = (day: number) => setSettings((current) => ({ ...current, weekly: [...current.weekly, { day, ...OFFICE_HOURS }] }));
  const removeWindow = (index: number) => setSettings((current) => ({ ...current, weekly: current.weekly.filter((_, at) => at !== index) }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Left out, the stored calendar stays; null removes it; a new address replaces it.
    const busyCalendarUrl = removeCalendar ? null : calendarUrl.trim() || undefined;
    try {
      await save({ ...settings, busyCalendarUrl }).unwrap();
      toast.success(AVAILABILITY_MESSAGES.saved);
      setErrors({});
      setCalendarUrl('');
      setRemoveCalendar(false);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, AVAILABILITY_MESSAGES.saveFailure));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <section aria-labelledby="hours-heading" className={`${cardClasses} p-5`}>
        <h2 id="hours-heading" className="text-lg font-semibold text-gray-900">
          Working hours
        </h2>
        <div className="mt-3 max-w-sm">
          <SelectField
            label="Time zone"
            value={settings.timeZone}
            options={timeZoneOptions(settings.timeZone)}
            error={errors.timeZone}
            onChange={(event) => setSettings((current) => ({ ...current, timeZone: event.target.value }))}
          />
        </div>
        <FieldError controlId="weekly" error={errors.weekly} />
        <ul className="mt-4 divide-y divide-gray-200">
          {WEEK.map((day) => (
            <DayHours
              key={day}
              day={day}
              windows={settings.weekly.flatMap((window, index) => (window.day === day ? [{ window, index }] : []))}
              errors={errors}
              onChange={setWindow}
              onAdd={() => addWindow(day)}
              onRemove={removeWindow}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="calls-heading" className={`${cardClasses} p-5`}>
        <h2 id="calls-heading" className="text-lg font-semibold text-gray-900">
          Calls
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {NUMBER_FIELDS.map(({ key, label, hint }) => (
            <NumberField
              key={key}
              label={label}
              hint={hint}
              value={settings[key]}
              limits={AVAILABILITY_LIMITS[key]}
              error={errors[key]}
              onChange={(value) => setSettings((current) => ({ ...current, [key]: value }))}
            />
          ))}
        </div>
      </section>
      <section aria-labelledby="calendar-heading" className={`${cardClasses} p-5`}>
        <h2 id="calendar-heading" className="text-lg font-semibold text-gray-900">
          Busy calendar
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-gray-700">
          The private address (ICS) of a calendar you already keep: its events are read every few minutes, and nobody is offered a slot over them. Its address
          is stored encrypted and never shown again, to you or anyone.
        </p>
        {hasBusyCalendar && busyCalendarProblem && (
          <p role="status" className="mt-3 max-w-3xl rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-gray-900">
            {busyCalendarProblem}
          </p>
        )}
        {hasBusyCalendar && (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <span>{removeCalendar ? 'Your busy calendar will be removed when you save.' : 'A busy calendar is connected.'}</span>
            <button type="button" className={buttonClasses('secondary')} aria-pressed={removeCalendar} onClick={() => setRemoveCalendar(!removeCalendar)}>
              {removeCalendar ? 'Keep busy calendar' : 'Remove busy calendar'}
            </button>
          </div>
        )}
        {!removeCalendar && (
          <div className="mt-3 max-w-xl">
            <TextField
              label={hasBusyCalendar ? 'New busy calendar address (ICS)' : 'Busy calendar address (ICS)'}
              type="url"
              placeholder="https://"
              autoComplete="off"
              value={calendarUrl}
              error={errors.busyCalendarUrl}
              onChange={(event) => setCalendarUrl(event.target.value)}
            />
          </div>
        )}
      </section>
      <button type="submit" className={buttonClasses('primary')} disabled={saving}>
        Save availability
      </button>
    </form>
  );
}

/** One day's working windows: a start and an end time each, added and removed by buttons that name the day. */
function DayHours({
  day,
  windows,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  day: number;
  windows: { window: WeeklyWindow; index: number }[];
  errors: Record<string, string>;
  onChange: (index: number, change: Partial<WeeklyWindow>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const name = DAY_NAMES[day];
  return (
    <li className="flex flex-wrap items-start gap-x-6 gap-y-2 py-3">
      <span className="w-28 pt-2 text-sm font-medium text-gray-900">{name}</span>
      <div className="flex flex-1 flex-col gap-2">
        {windows.length === 0 && <span className="pt-2 text-sm text-gray-700">Not bookable</span>}
        {windows.map(({ window, index }, position) => {
          // With one window the day's name says which; with more, each says its place too.
          const which = windows.length > 1 ? `${name}, hours ${position + 1}` : name;
          return (
            <div key={index}>
              <div className="flex flex-wrap items-center gap-2">
                <TimeInput
                  label={`${which}: from`}
                  value={window.start}
                  error={errors[`weekly.${index}.start`]}
                  onChange={(start) => onChange(index, { start })}
                />
                <span aria-hidden="true">–</span>
                <TimeInput label={`${which}: until`} value={window.end} error={errors[`weekly.${index}.end`]} onChange={(end) => onChange(index, { end })} />
                <button type="button" className={buttonClasses('secondary')} onClick={() => onRemove(index)}>
                  Remove
                  <span className="sr-only">
                    {' '}
                    {which} {window.start} to {window.end}
                  </span>
                </button>
              </div>
              <FieldError controlId={`weekly-${index}`} error={errors[`weekly.${index}`]} />
            </div>
          );
        })}
      </div>
      <button type="button" className={buttonClasses('secondary')} onClick={onAdd}>
        Add hours<span className="sr-only"> on {name}</span>
      </button>
    </li>
  );
}

/** A time of day, its name given to screen readers (the day's row shows it), its error under it. */
function TimeInput({ label, value, error, onChange }: { label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <span>
      <input
        id={id}
        type="time"
        aria-label={label}
        className={`${inputClasses} w-32`}
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
        {...errorAttributes(id, error)}
      />
      <FieldError controlId={id} error={error} />
    </span>
  );
}

/** A whole number in its range, with the hint that says what it does. */
function NumberField({
  label,
  hint,
  value,
  limits,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  limits: { min: number; max: number };
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const hintId = useId();
  return (
    <div>
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        required
        value={Number.isNaN(value) ? '' : value}
        error={error}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.valueAsNumber)}
      />
      <p id={hintId} className="mt-1 text-xs text-gray-700">
        {hint} From {limits.min} to {limits.max}.
      </p>
    </div>
  );
}
