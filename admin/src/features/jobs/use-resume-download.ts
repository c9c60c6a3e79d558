import { MESSAGES } from '@brightwave/common';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { logFailure } from '../../lib/api-error';
import { saveBlob } from '../../lib/csv';
import { fetchResume, UnauthorizedError } from '../../lib/resume-download';
import { sessionEnded } from '../auth/auth-actions';

/**
 * Downloads a resume with the admin's token and saves it under its file name; a 401 ends the session (back to the
 * login page), any other failure says so (SPEC §8: 'Failed to download resume').
 */
export function useResumeDownload() {
  const dispatch = useAppDispatch();
  const [downloading, setDownloading] = useState(false);

  async function download(path: string, fullName: string) {
    setDownloading(true);
    try {
      const { blob, filename } = await fetchResume(path, fullName);
      saveBlob(blob, filename);
    } catch (failure) {
      if (failure instanceof UnauthorizedError) {
        dispatch(sessionEnded());
        return;
      }
      logFailure('resume download failed', failure);
      toast.error(MESSAGES.resumeDownloadFailure);
    } finally {
      setDownloading(false);
    }
  }

  return { downloading, download };
}
