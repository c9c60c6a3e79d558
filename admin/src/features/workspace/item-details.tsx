import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_LABELS,
  CONTACT_DEPARTMENT_LABELS,
  MESSAGES,
  SERVICE_LABELS,
  WORK_ITEM_LABELS,
  type Attribution,
  type StoredAnswer,
  type WorkItemKind,
} from '@brightwave/common';
import { useId, type ReactNode } from 'react';
import { FiAlertOctagon, FiDownload, FiExternalLink, FiInbox, FiXOctagon } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses } from '../../components/ui/table';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useSetInboxSpamMutation, type InboxKind } from '../inbox/inbox-api';
import { useResumeDownload } from '../jobs/use-resume-download';
import { WORK_ITEM_NOUNS, type WorkItem } from './work-items';

/** An item with its kind, so that each kind's fields are known where it is told apart. */
export type KindAndItem = { [Kind in WorkItemKind]: { kind: Kind; item: WorkItem<Kind> } }[WorkItemKind];

export const sectionClasses = `${cardClasses} p-5`;
export const sectionHeadingClasses = 'text-lg font-semibold text-gray-900';

function Field({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="font-medium text-gray-700">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

const EmailLink = ({ email }: { email: string }) => (
  <a className="break-all text-blue-800 underline" href={`mailto:${email}`}>
    {email}
  </a>
);

/** What was sent (and for leads and contact messages its spam flag), and an application's resume. */
export function ItemDetails(entry: KindAndItem) {
  const headingId = useId();
  const { item } = entry;
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className={sectionHeadingClasses}>
          {WORK_ITEM_LABELS[entry.kind]}
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <ItemControls {...entry} />
        </div>
      </div>
      {entry.kind === 'application' && entry.item.knockout && <KnockoutNotice knockout={entry.item.knockout} />}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {entry.kind === 'application' ? (
          <>
            <Field term="Name">{entry.item.fullName}</Field>
            <Field term="Email">
              <EmailLink email={item.email} />
            </Field>
            <Field term="Phone">{entry.item.phone}</Field>
            <Field term="Experience">{entry.item.experience}</Field>
            <Field term="Job">{entry.item.jobTitle ?? '—'}</Field>
            <Field term="Portfolio">
              {entry.item.portfolio ? (
                <a
                  className="inline-flex items-center gap-1 break-all text-blue-800 underline"
                  href={entry.item.portfolio}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {entry.item.portfolio}
                  <FiExternalLink aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                '—'
              )}
            </Field>
            <Field term="Received">{formatDateTime(item.createdAt)}</Field>
            <Field term="Cover Letter" wide>
              <span className="whitespace-pre-wrap">{entry.item.coverLetter || '—'}</span>
            </Field>
          </>
        ) : (
          <>
            <Field term="Name">{entry.item.name}</Field>
            <Field term="Email">
              <EmailLink email={item.email} />
            </Field>
            {entry.kind === 'lead' ? (
              <Field term="Service">{SERVICE_LABELS[entry.item.service] ?? entry.item.service}</Field>
            ) : (
              <>
                <Field term="Phone">
                  {entry.item.phone ? (
                    <a className="text-blue-800 underline" href={`tel:${entry.item.phone}`}>
                      {entry.item.phone}
                    </a>
                  ) : (
                    '—'
                  )}
                </Field>
                <Field term="Department">{CONTACT_DEPARTMENT_LABELS[entry.item.department] ?? entry.item.department}</Field>
              </>
            )}
            <Field term="Received">{formatDateTime(item.createdAt)}</Field>
            <Field term="Message" wide>
              <span className="whitespace-pre-wrap">{entry.item.message}</span>
            </Field>
          </>
        )}
      </dl>
      <AnswerDetails answers={item.answers} />
      <AttributionDetails attribution={item.attribution} />
    </section>
  );
}

/** An application a knockout answer rejected on arrival: which question, and what was answered. */
function KnockoutNotice({ knockout }: { knockout: StoredAnswer }) {
  return (
    <div role="note" aria-label="Knocked out" className="mb-4 flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <FiXOctagon aria-hidden="true" className="mt-0.5 shrink-0" />
      <p>
        <strong>Knocked out</strong>: answered “{knockout.text}” to “{knockout.label}”, a knockout answer of the job. The application went to rejected when it
        arrived.
      </p>
    </div>
  );
}

/** The answers to the form's or job's custom questions, each under the label it was asked with. */
function AnswerDetails({ answers }: { answers: StoredAnswer[] | undefined }) {
  const headingId = useId();
  if (!answers || answers.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-gray-200 pt-4">
      <h3 id={headingId} className="mb-3 text-base font-semibold text-gray-900">
        Answers
      </h3>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {answers.map((answer) => (
          <Field key={answer.id} term={answer.label} wide={answer.type === 'textarea'}>
            <span className="whitespace-pre-wrap">{answer.text}</span>
          </Field>
        ))}
      </dl>
    </section>
  );
}

/**
 * Where the submission came from: the source and medium (a UTM tag, the referring site with `referral`, or `direct`),
 * the campaign, term and content, the referring host and the page the visit started on.
 */
function AttributionDetails({ attribution }: { attribution: Attribution | undefined }) {
  const headingId = useId();
  const recorded = attribution && ATTRIBUTION_FIELDS.some((field) => attribution[field] !== null);
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-gray-200 pt-4">
      <h3 id={headingId} className="mb-3 text-base font-semibold text-gray-900">
        Attribution
      </h3>
      {recorded ? (
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {ATTRIBUTION_FIELDS.map((field) => (
            <Field key={field} term={ATTRIBUTION_LABELS[field]}>
              {attribution[field] ?? '—'}
            </Field>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-gray-700">Not recorded: this arrived before the site told where submissions come from.</p>
      )}
    </section>
  );
}

interface InboxItemProps {
  inbox: InboxKind;
  id: string;
  /** The sender's name. */
  name: string;
  /** "lead" or "contact message". */
  noun: string;
}

/** Suspected spam told nobody; Not spam moves it to the inbox (and sends its notifications), Mark as spam the other way. */
function SpamControl({ inbox, id, name, noun, spam }: InboxItemProps & { spam: boolean }) {
  const [setSpam, { isLoading }] = useSetInboxSpamMutation();

  async function onChange(next: boolean) {
    try {
      toast.success((await setSpam({ kind: inbox, id, spam: next }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.spamUpdateFailure));
    }
  }

  return spam ? (
    <div className="flex flex-wrap items-center gap-2">
      <span className={badgeClasses('yellow')}>Suspected spam</span>
      <button type="button" className={buttonClasses('secondary')} disabled={isLoading} onClick={() => onChange(false)}>
        <FiInbox aria-hidden="true" /> Not spam
        <span className="sr-only">
          : move the {noun} from {name} to the inbox
        </span>
      </button>
    </div>
  ) : (
    <button type="button" className={buttonClasses('secondary')} disabled={isLoading} onClick={() => onChange(true)}>
      <FiAlertOctagon aria-hidden="true" /> Mark as spam
      <span className="sr-only">
        : the {noun} from {name}
      </span>
    </button>
  );
}

/** Each kind's controls beside its fields: the spam flag, or an application's resume (the status is the Status section's). */
function ItemControls(entry: KindAndItem) {
  switch (entry.kind) {
    case 'lead':
    case 'contact':
      return (
        <SpamControl
          inbox={entry.kind === 'lead' ? 'leads' : 'contacts'}
          id={entry.item._id}
          name={entry.item.name}
          noun={WORK_ITEM_NOUNS[entry.kind]}
          spam={entry.item.spam}
        />
      );
    case 'application':
      return <ResumeButton fullName={entry.item.fullName} resume={entry.item.resume} />;
  }
}

function ResumeButton({ fullName, resume }: { fullName: string; resume: string | undefined }) {
  const { downloading, download } = useResumeDownload();
  if (!resume) return null;
  return (
    <button type="button" className={buttonClasses('secondary')} onClick={() => download(resume, fullName)} disabled={downloading}>
      <FiDownload aria-hidden="true" /> Download Resume
      <span className="sr-only"> of {fullName}</span>
    </button>
  );
}
