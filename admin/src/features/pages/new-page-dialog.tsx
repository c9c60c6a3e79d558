import { BUILT_PAGE_FIELDS, builtPagePath } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/ui/fields';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { slugFromTitle } from './built-page-values';
import { useCreateBuiltPageMutation } from './pages-api';

const CREATE_FAILURE = 'Failed to create the page';

/** New page: its title and address (suggested from the title until the address is typed); created as a draft, then edited. */
export function NewPageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} title="New page" onClose={onClose} formKey="new">
      <NewPageForm onClose={onClose} />
    </FormDialog>
  );
}

function NewPageForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const slugHintId = useId();
  const [create, { isLoading }] = useCreateBuiltPageMutation();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  // Once the address is typed, the title no longer changes it.
  const [slugTyped, setSlugTyped] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await create({ title: title.trim(), slug: slug.trim() }).unwrap();
      toast.success(answer.message);
      onClose();
      navigate(`/pages/${answer.page._id}`);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, CREATE_FAILURE));
    }
  }

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onClose} submitLabel={isLoading ? 'Creating…' : 'Create page'} busy={isLoading}>
      <p className="text-sm text-gray-700">The page starts as a draft: visitors see it once you publish it.</p>
      <TextField
        label="Title"
        required
        data-autofocus
        maxLength={BUILT_PAGE_FIELDS.title.max}
        value={title}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (!slugTyped) setSlug(slugFromTitle(event.target.value));
        }}
      />
      <div>
        <TextField
          label="Address"
          required
          maxLength={BUILT_PAGE_FIELDS.slug.max}
          aria-describedby={slugHintId}
          value={slug}
          error={errors.slug}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugTyped(true);
          }}
        />
        <p id={slugHintId} className="mt-1 text-xs text-gray-700">
          Lower-case letters, digits and hyphens; parts separated by / (services/cloud-audit). The page's path: <strong>{builtPagePath(slug.trim())}</strong>
        </p>
      </div>
    </DialogForm>
  );
}
