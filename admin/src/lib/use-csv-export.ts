import { MESSAGES } from '@brightwave/common';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../app/hooks';
import { sessionEnded } from '../features/auth/auth-actions';
import { logFailure } from './api-error';
import { browserTimeZone, fetchCsvExport, saveBlob } from './csv';
import { UnauthorizedError } from './resume-download';

/**
 * Downloads a list's CSV export from the server and saves it under the file name the server gives; a 401 ends the
 * session (back to the login page), any other failure is logged and toasted (SPEC §8).
 */
export function useCsvExport(what: string) {
  const dispatch = useAppDispatch();
  const [exporting, setExporting] = useState(false);

  async function exportCsv(path: string, query: object) {
    setExporting(true);
    try {
      const { blob, filename } = await fetchCsvExport(path, { ...query, tz: browserTimeZone() });
      saveBlob(blob, filename);
    } catch (failure) {
      if (failure instanceof UnauthorizedError) {
        dispatch(sessionEnded());
        return;
      }
      logFailure(`${what} export failed`, failure);
      toast.error(MESSAGES.csvExportFailure);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
