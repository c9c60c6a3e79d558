import { useState } from 'react';
import { excerpt } from '../lib/format';
import { Dialog } from './ui/dialog';

const EXCERPT_LENGTH = 80;

/** A message excerpt; the full text opens on demand. */
export function MessageCell({ message, from }: { message: string; from: string }) {
  const [open, setOpen] = useState(false);
  const truncated = message.length > EXCERPT_LENGTH;
  return (
    <div className="max-w-xs">
      <p className="break-words text-gray-800">{excerpt(message, EXCERPT_LENGTH)}</p>
      {truncated && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="mt-1 text-xs font-medium text-blue-800 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          Read more<span className="sr-only"> of the message from {from}</span>
        </button>
      )}
      <Dialog open={open} title={`Message from ${from}`} onClose={() => setOpen(false)} size="lg">
        <p className="whitespace-pre-wrap break-words text-gray-800">{message}</p>
      </Dialog>
    </div>
  );
}
