import type { Job } from '@brightwave/common';
import { ApplyForm } from './apply-form';
import { ModalDialog } from './ui/modal-dialog';

/**
 * The application dialog of the careers and job pages, loaded when a visitor first presses 'Apply Now'; once the
 * application is sent it shows the form's confirmation until closed.
 */
export default function ApplyDialog({ job, onClose }: { job: Job; onClose: () => void }) {
  return (
    <ModalDialog title={`Apply for ${job.title}`} onClose={onClose}>
      <ApplyForm job={job} onClose={onClose} />
    </ModalDialog>
  );
}
