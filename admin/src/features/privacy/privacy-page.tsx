import {
  APPLICATION_STATUS_LABELS,
  CONTACT_DEPARTMENT_LABELS,
  CONTACT_STATUS_LABELS,
  LEAD_STATUS_LABELS,
  MESSAGES,
  SERVICE_LABELS,
  type PrivacyData,
} from '@brightwave/common';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FiDownload, FiSearch, FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/fields';
import { cardClasses, tableClasses, tdClasses } from '../../components/ui/table';
import { TableHead } from '../../components/ui/table-head';
import { errorMessage } from '../../lib/api-error';
import { saveBlob } from '../../lib/csv';
import { excerpt, formatDate, formatDateTime } from '../../lib/format';
import { useResumeDownload } from '../jobs/use-resume-download';
import { useErasePrivacyDataMutation, useGetPrivacyDataQuery } from './privacy-api';

/** The copy a person asked for: what is held, with absolute resume links (the admin's, behind sign-in). */
function exportFile(email: string, data: PrivacyData): Blob {
  const copy = {
    email,
    exportedAt: new Date().toISOString(),
    ...data,
    applications: data.applications.map((application) => ({
      ...application,
      resume: application.resume && new URL(apiUrl(application.resume), window.location.href).toString(),
    })),
  };
  return new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' });
}

/** A file name from the address, without characters file systems refuse. */
const exportFilename = (email: string) => `privacy-${email.replace(/[^\w.@-]+/g, '_')}.json`;

/**
 * Privacy requests: everything held about one e-mail address (quote requests, contact messages, job applications
 * with their resumes), a JSON copy of it, and its erasure after a confirmation.
 */
export function PrivacyPage() {
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  // currentData: the rows of the address asked for, never those of the previous one while it loads.
  const { currentData, isFetching, isError, error } = useGetPrivacyDataQuery(email, { skip: !email });
  const [erase, { isLoading: erasing }] = useErasePrivacyDataMutation();

  useEffect(() => {
    if (isError) toast.error(errorMessage(error, MESSAGES.privacyLoadFailure));
  }, [isError, error]);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setEmail(draft.trim().toLowerCase());
  }

  async function onErase() {
    try {
      const { erased } = await erase(email).unwrap();
      toast.success(
        `${MESSAGES.privacyErased}: ${erased.leads} quote requests, ${erased.contacts} contact messages, ${erased.applications} applications, ${erased.resumes} resumes.`,
      );
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.privacyEraseFailure));
    } finally {
      setConfirming(false);
    }
  }

  const held = currentData?.data;
  // Recognised by the keyed hash of the address in the audit log (the address itself is never kept).
  const earlier = currentData?.earlierRequests ?? [];
  const total = held ? held.leads.length + held.contacts.length + held.applications.length : 0;
  return (
    <>
      <PageHeader title="Privacy requests">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          When a person asks for a copy of their data or for its erasure: look up their e-mail address, download what is held as one JSON file, or erase all of
          it (their quote requests, contact messages, job applications with their resumes, and the messages sent about them).
        </p>
      </PageHeader>
      <form onSubmit={onSearch} role="search" aria-label="Privacy request" className={`${cardClasses} mb-6 flex flex-wrap items-end gap-3 p-4`}>
        <div className="min-w-64 flex-1">
          <TextField label="Email address" type="email" required value={draft} onChange={(event) => setDraft(event.target.value)} autoComplete="off" />
        </div>
        <button type="submit" className={buttonClasses('primary')} disabled={isFetching}>
          <FiSearch aria-hidden="true" /> Look up
        </button>
      </form>

      {isFetching && !held ? <Loading label="Looking up…" /> : null}
      {held && email && (
        <section aria-labelledby="privacy-results" className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="privacy-results" className="text-lg font-semibold text-gray-900">
              Held about {email}: {held.leads.length} quote requests, {held.contacts.length} contact messages, {held.applications.length} job applications
            </h2>
            <div className="flex flex-wrap gap-3">
              <button type="button" className={buttonClasses('secondary')} onClick={() => saveBlob(exportFile(email, held), exportFilename(email))}>
                <FiDownload aria-hidden="true" /> Download JSON
              </button>
              <button type="button" className={buttonClasses('danger')} disabled={total === 0 || erasing} onClick={() => setConfirming(true)}>
                <FiTrash2 aria-hidden="true" /> Erase everything
              </button>
            </div>
          </div>
          {earlier.length > 0 && (
            <div role="note" aria-label="Earlier requests" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">This address was the subject of earlier requests:</p>
              <ul className="mt-1 list-disc pl-5">
                {earlier.map((request) => (
                  <li key={`${request.action}-${request.createdAt}`}>
                    {request.action === 'privacy.erased' ? 'Erased' : 'Looked up'} on {formatDateTime(request.createdAt)}
                    {request.adminEmail ? ` by ${request.adminEmail}` : ''}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <HeldTable
            caption="Quote requests"
            headers={['Received', 'Service', 'Status', 'Message']}
            rows={held.leads.map((lead) => [
              lead._id,
              formatDate(lead.createdAt),
              SERVICE_LABELS[lead.service],
              LEAD_STATUS_LABELS[lead.status],
              excerpt(lead.message),
            ])}
          />
          <HeldTable
            caption="Contact messages"
            headers={['Received', 'Department', 'Status', 'Message']}
            rows={held.contacts.map((contact) => [
              contact._id,
              formatDate(contact.createdAt),
              CONTACT_DEPARTMENT_LABELS[contact.department],
              CONTACT_STATUS_LABELS[contact.status],
              excerpt(contact.message),
            ])}
          />
          <HeldTable
            caption="Job applications"
            headers={['Received', 'Job', 'Status', 'Resume']}
            rows={held.applications.map((application) => [
              application._id,
              formatDate(application.createdAt),
              application.jobTitle,
              APPLICATION_STATUS_LABELS[application.status],
              application.resume ? <ResumeButton path={application.resume} fullName={application.fullName} jobTitle={application.jobTitle} /> : '',
            ])}
          />
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        title="Erase this person's data"
        message={`${MESSAGES.privacyEraseConfirm} (${email})`}
        confirmLabel="Erase"
        busy={erasing}
        onConfirm={onErase}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** One kind of row held; the first cell of each row is its key. */
function HeldTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: [string, ...ReactNode[]][] }) {
  return (
    <div className={`${cardClasses} overflow-x-auto`}>
      <table className={tableClasses}>
        <caption className="px-4 py-3 text-left text-base font-semibold text-gray-900">
          {caption} ({rows.length})
        </caption>
        <TableHead headers={headers} />
        <tbody className="divide-y divide-gray-200">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={headers.length} className={`${tdClasses} text-gray-700`}>
                None.
              </td>
            </tr>
          ) : (
            rows.map(([key, ...cells]) => (
              <tr key={key}>
                {cells.map((cell, index) => (
                  <td key={headers[index]} className={tdClasses}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function ResumeButton({ path, fullName, jobTitle }: { path: string; fullName: string; jobTitle: string }) {
  const { downloading, download } = useResumeDownload();
  const onDownload = () => download(path, fullName);

  return (
    <button type="button" className={buttonClasses('secondary', 'px-3 py-1')} onClick={onDownload} disabled={downloading}>
      <FiDownload aria-hidden="true" /> Download resume
      <span className="sr-only">
        {' '}
        of {fullName} for {jobTitle}
      </span>
    </button>
  );
}
