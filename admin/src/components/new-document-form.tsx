import { slugFromTitle } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrorsOf } from '../lib/api-error';
import { DialogForm } from './form-dialog';
import { TextField } from './ui/fields';

/** What the form says and allows for one kind of document (a built page, a post). */
export interface NewDocumentKind {
  /** The submit button's label: "Create page". */
  submitLabel: string;
  /** The sentence above the fields: what becomes of the new document. */
  intro: string;
  titleMax: number;
  slugMax: number;
  /** The hint under the address, before the address itself: "Lower-case letters, digits and hyphens. The post’s address:". */
  slugHint: string;
  /** The site path the slug gives. */
  pathOf(slug: string): string;
  /** The toast when the create fails for another reason than its fields. */
  failure: string;
}

/** The answer to a create: its message, and where the new document's editor is. */
export interface CreatedDocument {
  message: string;
  editorPath: string;
}

interface NewDocumentFormProps {
  kind: NewDocumentKind;
  create(values: { title: string; slug: string }): Promise<CreatedDocument>;
  busy: boolean;
  onClose(): void;
}

/**
 * A new document's title and address, the address suggested from the title until it is typed; created as a draft,
 * then opened in its editor. A refused field is named beside it.
 */
export function NewDocumentForm({ kind, create, busy, onClose }: NewDocumentFormProps) {
  const navigate = useNavigate();
  const slugHintId = useId();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  // Once the address is typed, the title no longer changes it.
  const [slugTyped, setSlugTyped] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const created = await create({ title: title.trim(), slug: slug.trim() });
      toast.success(created.message);
      onClose();
      navigate(created.editorPath);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, kind.failure));
    }
  }

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onClose} submitLabel={busy ? 'Creating…' : kind.submitLabel} busy={busy}>
      <p className="text-sm text-gray-700">{kind.intro}</p>
      <TextField
        label="Title"
        required
        data-autofocus
        maxLength={kind.titleMax}
        value={title}
        error={errors.title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (!slugTyped) setSlug(slugFromTitle(event.target.value, kind.slugMax));
        }}
      />
      <div>
        <TextField
          label="Address"
          required
          maxLength={kind.slugMax}
          aria-describedby={slugHintId}
          value={slug}
          error={errors.slug}
          onChange={(event) => {
            setSlug(event.target.value);
            setSlugTyped(true);
          }}
        />
        <p id={slugHintId} className="mt-1 text-xs text-gray-700">
          {kind.slugHint} <strong>{kind.pathOf(slug.trim())}</strong>
        </p>
      </div>
    </DialogForm>
  );
}
