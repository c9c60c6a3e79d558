import { MESSAGES, type WorkItemKind } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { dateTimeInputValue, formatDateTime, isoOfDateTimeInput } from '../../lib/format';
import { adminTimeZone, followUpPresets } from './follow-up-presets';
import { sectionClasses, sectionHeadingClasses } from './item-details';
import { FollowUpSummary } from './work-badges';
import { useSetFollowUpMutation } from './workspace-api';

interface FollowUpSectionProps {
  kind: WorkItemKind;
  id: string;
  followUpAt: string | null;
  overdue: boolean;
}

/**
 * When someone should act on the item (the owner is mailed then, once): a preset in one click (tomorrow 9:00, in
 * 3 days, next Monday: 9:00 in the admin's time zone), or a time of the admin's choosing.
 */
export function FollowUpSection({ kind, id, followUpAt, overdue }: FollowUpSectionProps) {
  const headingId = useId();
  const [value, setValue] = useState(dateTimeInputValue(followUpAt));
  // A new time (saved here, or by another admin and refetched) is shown in the input; focus stays where it was.
  const [shownTime, setShownTime] = useState(followUpAt);
  if (shownTime !== followUpAt) {
    setShownTime(followUpAt);
    setValue(dateTimeInputValue(followUpAt));
  }
  const [setFollowUp, { isLoading }] = useSetFollowUpMutation();
  const at = isoOfDateTimeInput(value);

  async function save(next: string | null) {
    try {
      toast.success((await setFollowUp({ kind, id, at: next }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.followUpFailure));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (at) void save(at);
  }

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Follow-up
      </h2>
      <p className="mt-2 text-sm text-gray-800">
        {followUpAt ? (
          <>
            Follow up by <FollowUpSummary followUpAt={followUpAt} overdue={overdue} />
          </>
        ) : (
          'No follow-up set.'
        )}
      </p>
      <div role="group" aria-label="Follow-up presets" className="mt-3 flex flex-wrap gap-2">
        {followUpPresets(new Date(), adminTimeZone()).map((preset) => (
          <button
            key={preset.label}
            type="button"
            className={buttonClasses('secondary')}
            title={formatDateTime(preset.at.toISOString())}
            disabled={isLoading}
            onClick={() => void save(preset.at.toISOString())}
          >
            <span className="sr-only">Follow up </span>
            {preset.label}
          </button>
        ))}
      </div>
      <form className="mt-3 space-y-3" onSubmit={onSubmit}>
        <TextField label="Follow-up time" type="datetime-local" value={value} onChange={(event) => setValue(event.target.value)} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClasses('primary')} disabled={isLoading || !at || at === followUpAt}>
            Set follow-up
          </button>
          {followUpAt && (
            <button type="button" className={buttonClasses('secondary')} disabled={isLoading} onClick={() => save(null)}>
              Clear follow-up
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
