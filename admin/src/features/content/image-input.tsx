import { MEDIA_ACCEPT, MEDIA_MAX_MB, MESSAGES, mediaFileUrl, mediaWidths, parseMediaSrc } from '@brightwave/common';
import { useState } from 'react';
import { apiUrl } from '../../app/config';
import { buttonClasses } from '../../components/ui/button';
import { TextField, type ErrorAttributes } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { useUploadMediaMutation } from './media-api';
import { MediaPicker } from './media-picker';

/** What the form gives each control: its id, label, whether it is required, and its error's attributes. */
type CommonProps = { id: string; label: string; 'aria-required': boolean } & ErrorAttributes;

/** A picture of the site: its path, and a thumbnail of what the path shows (nothing while it shows nothing). */
export function ImageInput({ common, value, onChange }: { common: CommonProps; value: string; onChange: (value: string) => void }) {
  const [broken, setBroken] = useState<string | null>(null);
  const [upload, { isLoading: uploading }] = useUploadMediaMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const hintId = `${common.id}-hint`;
  const uploadId = `${common.id}-upload`;
  const uploadStatusId = `${common.id}-upload-status`;
  const describedBy = [hintId, common['aria-describedby']].filter(Boolean).join(' ');
  const uploaded = parseMediaSrc(value);
  // The smallest file of an uploaded picture is enough for the thumbnail.
  const thumbnail = uploaded ? mediaFileUrl(uploaded.id, Math.min(...mediaWidths(uploaded.width)), 'jpg') : value.startsWith('/images/') ? value : null;

  async function uploadChosen(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    try {
      onChange((await upload(file).unwrap()).data.src);
    } catch (error) {
      setUploadError(errorMessage(error, MESSAGES.internalError));
    }
  }

  return (
    <div className="flex items-start gap-4">
      <div className="min-w-0 flex-1">
        <TextField
          {...common}
          aria-describedby={describedBy}
          placeholder="/images/… or /media/…"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={hintId} className="mt-1 text-xs text-gray-700">
          A picture of the site (a path under /images/), or one uploaded here: JPEG, PNG, WebP or AVIF, at most {MEDIA_MAX_MB} MB.
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <label htmlFor={uploadId} className="text-sm font-medium text-gray-800">
            Upload a picture
          </label>
          <input
            id={uploadId}
            type="file"
            accept={MEDIA_ACCEPT}
            disabled={uploading}
            aria-describedby={uploadStatusId}
            onChange={(event) => {
              void uploadChosen(event.target.files?.[0]);
              // The same file may be chosen again after a refusal.
              event.target.value = '';
            }}
            className="text-sm text-gray-800 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-gray-50 disabled:opacity-60"
          />
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} aria-expanded={picking} onClick={() => setPicking(!picking)}>
            {picking ? 'Close the uploaded pictures' : 'Choose an uploaded picture'}
          </button>
        </div>
        <p id={uploadStatusId} role="status" className="mt-1 text-xs text-gray-700">
          {uploading ? 'Uploading and resizing the picture…' : ''}
        </p>
        {uploadError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {uploadError}
          </p>
        )}
        {picking && (
          <MediaPicker
            onPick={(src) => {
              onChange(src);
              setPicking(false);
            }}
          />
        )}
      </div>
      {thumbnail && broken !== value && (
        // The path beside it says what it is: the thumbnail adds nothing for a screen reader.
        <img
          src={apiUrl(thumbnail)}
          alt=""
          onError={() => setBroken(value)}
          className="mt-6 h-16 w-24 shrink-0 rounded border border-gray-200 bg-gray-50 object-contain"
        />
      )}
    </div>
  );
}
