import type { Job } from '@brightwave/common';
import { ApplyForm } from './apply-form';
import { ModalDialog } from './ui/modal-dialog';

/** The application dialog of the careers page, loaded when a visitor first presses 'Apply Now'. */
export default function ApplyDialog({ job, onClose, onSubmitted }: { job: Job; onClose: () => void; onSubmitted: () => void }) {
  return (
    <ModalDialog title={`Apply for ${job.title}`} onClose={onClose}>
      <ApplyForm job={job} onSubmitted={onSubmitted} />
    </ModalDialog>
  );
}
