import { MESSAGES } from '@brightwave/common';
import { Dialog } from '@brightwave/ui';
import { useEffect, useState } from 'react';
import { FiDownload, FiX } from 'react-icons/fi';
import { useAppDispatch } from '../../app/hooks';
import { buttonClasses } from '../../components/ui/button';
import { Loading } from '../../components/ui/feedback';
import { logFailure } from '../../lib/api-error';
import { fetchResume, UnauthorizedError } from '../../lib/resume-download';
import { sessionEnded } from '../auth/auth-actions';

/** An application's resume, as its download route answers it. */
const resumePath = (applicationId: string) => `/api/jobs/applications/${encodeURIComponent(applicationId)}/resume`;

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; url: string; filename: string; pdf: boolean };

/**
 * The resume fetched with the admin's token (the download route; the file is not a public link) as a blob address
 * the panel's frame shows and its link saves; the address is let go when the panel closes.
 */
function useResumeFile(applicationId: string, fullName: string): Loaded {
  const dispatch = useAppDispatch();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    fetchResume(resumePath(applicationId), fullName).then(
      ({ blob, filename }) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'loaded', url, filename, pdf: blob.type === 'application/pdf' });
      },
      (failure: unknown) => {
        if (!current) return;
        if (failure instanceof UnauthorizedError) {
          dispatch(sessionEnded());
          return;
        }
        logFailure('resume view failed', failure);
        setLoaded({ state: 'failed' });
      },
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [applicationId, fullName, dispatch]);
  return loaded;
}

function ResumeBody({ applicationId, fullName }: { applicationId: string; fullName: string }) {
  const file = useResumeFile(applicationId, fullName);
  if (file.state === 'loading') return <Loading label="Loading the resume…" />;
  if (file.state === 'failed') return <p className="text-sm text-red-800">{MESSAGES.resumeDownloadFailure}</p>;
  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <a href={file.url} download={file.filename} className={`${buttonClasses('secondary')} self-start`}>
        <FiDownload aria-hidden="true" /> Download {file.filename}
      </a>
      {file.pdf ? (
        <iframe title={`${fullName}'s resume (PDF)`} src={file.url} className="min-h-0 w-full flex-1 rounded border border-gray-300" />
      ) : (
        <p className="text-sm text-gray-700">This resume is a Word document, which the browser cannot show here: download it to read it.</p>
      )}
    </div>
  );
}

/**
 * A side panel docked to the right (a modal dialog: named by its title, Escape or Close shuts it, the focus returns
 * to the button that opened it) showing an application's resume beside the board, with its download.
 */
export function ResumePanel({ application, onClose }: { application: { _id: string; fullName: string } | null; onClose: () => void }) {
  return (
    <Dialog
      open={application !== null}
      title={application ? `Resume of ${application.fullName}` : 'Resume'}
      onClose={onClose}
      closeOnBackdropClick
      closeIcon={<FiX aria-hidden="true" className="h-5 w-5" />}
      classNames={{
        backdrop: 'fixed inset-0 z-40 flex justify-end bg-gray-900/40',
        panel: 'relative flex h-full w-full max-w-3xl flex-col bg-white shadow-xl focus:outline-none',
        header: 'flex items-center justify-between border-b border-gray-200 px-5 py-4',
        title: 'text-lg font-semibold text-gray-900',
        closeButton: 'rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600',
        body: 'min-h-0 flex-1 px-5 py-4',
      }}
    >
      {application && <ResumeBody applicationId={application._id} fullName={application.fullName} />}
    </Dialog>
  );
}
