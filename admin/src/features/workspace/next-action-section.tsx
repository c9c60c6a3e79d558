import { CONTACT_DEPARTMENT_LABELS, SERVICE_LABELS, type BadgeColor } from '@brightwave/common';
import { useId, useState } from 'react';
import { FiCheck, FiCornerUpLeft } from 'react-icons/fi';
import { buttonClasses } from '../../components/ui/button';
import { badgeColorClasses } from '../../components/ui/status-badge';
import { logFailure } from '../../lib/api-error';
import { toastWithUndo } from '../../lib/undo-toast';
import { useUpdateInboxStatusMutation, type InboxKind, type InboxStatus } from '../inbox/inbox-api';
import { RejectDialog } from '../hiring/reject-dialog';
import { ApplicationStatusSelect } from '../jobs/application-status-select';
import { sectionClasses, sectionHeadingClasses, type KindAndItem } from './item-details';
import { senderOf, WORK_ITEM_NOUNS, WORK_ITEM_STATUS_WORDS, type WorkItem } from './work-items';

/** The subject of a reply to the item's sender: "Re: your quote request – Web Development". */
export function replySubjectOf(entry: KindAndItem): string {
  switch (entry.kind) {
    case 'lead':
      return `Re: your quote request – ${SERVICE_LABELS[entry.item.service] ?? entry.item.service}`;
    case 'contact':
      return `Re: your message – ${CONTACT_DEPARTMENT_LABELS[entry.item.department] ?? entry.item.department}`;
    case 'application':
      return entry.item.jobTitle ? `Re: your application – ${entry.item.jobTitle}` : 'Re: your application';
  }
}

/** A mailto link to the sender with the subject filled (spaces as %20: mail apps read `+` literally). */
export function replyHrefOf(entry: KindAndItem): string {
  return `mailto:${entry.item.email}?subject=${encodeURIComponent(replySubjectOf(entry))}`;
}

/**
 * What the admin does next with the item, first on the page (and first on a phone): its status, set in one click,
 * and Reply, which opens the sender's address in the admin's mail app with the subject filled.
 */
export function NextActionSection(entry: KindAndItem) {
  const headingId = useId();
  const name = senderOf(entry.item);
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Status
      </h2>
      <div className="mt-3 space-y-4">
        <StatusControl {...entry} />
        <a href={replyHrefOf(entry)} className={buttonClasses('primary', 'w-full justify-center')}>
          <FiCornerUpLeft aria-hidden="true" /> Reply<span className="sr-only"> to {name} by e-mail</span>
        </a>
      </div>
    </section>
  );
}

function StatusControl(entry: KindAndItem) {
  switch (entry.kind) {
    case 'lead':
      return <InboxStatusButtons inbox="leads" id={entry.item._id} noun={WORK_ITEM_NOUNS.lead} status={entry.item.status} {...WORK_ITEM_STATUS_WORDS.lead} />;
    case 'contact':
      return (
        <InboxStatusButtons
          inbox="contacts"
          id={entry.item._id}
          noun={WORK_ITEM_NOUNS.contact}
          status={entry.item.status}
          {...WORK_ITEM_STATUS_WORDS.contact}
        />
      );
    case 'application':
      return <ApplicationStatusControl application={entry.item} />;
  }
}

interface InboxStatusButtonsProps<S extends InboxStatus<InboxKind>> {
  inbox: InboxKind;
  id: string;
  noun: string;
  status: S;
  statuses: readonly S[];
  labels: Record<S, string>;
  colors: Record<S, BadgeColor>;
}

/**
 * A lead's or contact message's status as one button per status, the present one pressed: one click sets another
 * (the lists keep the SPEC's status modal), with a toast that offers Undo (the previous status, set the same way). As
 * in the lists, a failure is only logged (SPEC §8); the timeline tells the change.
 */
function InboxStatusButtons<S extends InboxStatus<InboxKind>>({ inbox, id, noun, status, statuses, labels, colors }: InboxStatusButtonsProps<S>) {
  const [updateStatus, { isLoading }] = useUpdateInboxStatusMutation();
  // The status chosen shows pressed at once; the item's refetch then confirms it (or, on failure, shows what it is).
  const [chosen, setChosen] = useState<S | null>(null);
  const shown = isLoading && chosen ? chosen : status;

  async function choose(next: S) {
    if (next === status) return;
    const previous = status;
    setChosen(next);
    try {
      await updateStatus({ kind: inbox, id, status: next }).unwrap();
      toastWithUndo({
        message: `Status changed to ${labels[next]}`,
        what: `status changed to ${labels[next]}`,
        revert: () => updateStatus({ kind: inbox, id, status: previous }).unwrap(),
        undone: `Status back to ${labels[previous]}`,
      });
    } catch (failure) {
      logFailure(`${noun} status update failed`, failure);
    }
    setChosen(null);
  }

  return (
    <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
      {statuses.map((one) => {
        const pressed = one === shown;
        return (
          <button
            key={one}
            type="button"
            aria-pressed={pressed}
            disabled={isLoading}
            onClick={() => void choose(one)}
            className={`inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-wait ${
              pressed
                ? `border-transparent ring-2 ring-gray-900 dark:ring-gray-100 ${badgeColorClasses(colors[one])}`
                : 'border-gray-400 bg-white text-gray-800 hover:bg-gray-100'
            }`}
          >
            {pressed && <FiCheck aria-hidden="true" />}
            {labels[one]}
          </button>
        );
      })}
    </div>
  );
}

const NONE_TO_REJECT: readonly { _id: string; fullName: string }[] = [];

/**
 * An application's status (SPEC §4: a dropdown), with Undo in its toast; Rejected first asks about the rejection
 * e-mail (now, later or none), and offers no Undo: a mail sent cannot be taken back.
 */
function ApplicationStatusControl({ application }: { application: WorkItem<'application'> }) {
  const [toReject, setToReject] = useState(NONE_TO_REJECT);
  const close = () => setToReject(NONE_TO_REJECT);
  return (
    <>
      <ApplicationStatusSelect application={application} onReject={() => setToReject([application])} undoable />
      <RejectDialog applications={toReject} onClose={close} onDone={close} />
    </>
  );
}
