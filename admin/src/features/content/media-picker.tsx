import { MEDIA_PAGE_SIZE, MESSAGES, mediaFileUrl, mediaWidths, type MediaItem } from '@brightwave/common';
import { useState } from 'react';
import { FiTrash2 } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { IconButton } from '../../components/ui/icon-button';
import { errorMessage } from '../../lib/api-error';
import { useDeleteMediaMutation, useGetMediaLibraryQuery } from './media-api';

/** How a picture of the library is named to a screen reader: its size and when it was uploaded. */
const pictureName = (item: MediaItem) => `the picture of ${item.width} × ${item.height} uploaded ${new Date(item.createdAt).toLocaleString()}`;

/**
 * The pictures uploaded so far, newest first: one chosen becomes the field's value; one that nothing uses may be
 * deleted, with its files (the server refuses, naming where, while a page or a portfolio item uses it).
 */
export function MediaPicker({ onPick }: { onPick: (src: string) => void }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useGetMediaLibraryQuery(page);
  const [remove, { isLoading: deleting }] = useDeleteMediaMutation();
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function onConfirmDelete() {
    if (!toDelete) return;
    try {
      toast.success((await remove(toDelete._id).unwrap()).message);
      setRefusal(null);
    } catch (failure) {
      // A picture in use: the message says where, beside the pictures (it stays until the next try).
      setRefusal(errorMessage(failure, MESSAGES.mediaDeleteFailure));
    }
    setToDelete(null);
  }

  if (isError) return <p className="mt-2 text-sm text-red-700">The uploaded pictures could not be loaded.</p>;
  if (!data) return <p className="mt-2 text-sm text-gray-700">Loading the uploaded pictures…</p>;
  if (data.media.length === 0) return <p className="mt-2 text-sm text-gray-700">No picture has been uploaded yet.</p>;
  const pages = Math.max(1, Math.ceil(data.total / MEDIA_PAGE_SIZE));
  return (
    <div className="mt-2 rounded-md border border-gray-200 p-2" aria-busy={isFetching}>
      {refusal && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {data.media.map((item) => (
          <li key={item._id} className="relative">
            <button
              type="button"
              onClick={() => onPick(item.src)}
              aria-label={`Use ${pictureName(item)}`}
              className="block w-full rounded border border-gray-200 hover:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <img
                src={apiUrl(mediaFileUrl(item._id, Math.min(...mediaWidths(item.width)), 'jpg'))}
                alt=""
                loading="lazy"
                className="h-16 w-full object-contain"
              />
            </button>
            <div className="absolute top-0 right-0 rounded bg-white/90">
              <IconButton label={`Delete ${pictureName(item)}`} icon={FiTrash2} danger onClick={() => setToDelete(item)} />
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className={buttonClasses('ghost', 'px-2 py-1')} disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete picture"
        message={
          toDelete
            ? `Delete ${pictureName(toDelete)}, with every size of it? This cannot be undone. A picture that a page or a portfolio item uses is not deleted.`
            : ''
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={() => void onConfirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
