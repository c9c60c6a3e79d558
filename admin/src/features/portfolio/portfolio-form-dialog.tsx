import {
  MAX_LENGTH,
  MESSAGES,
  PORTFOLIO_CATEGORY_KEYS,
  PORTFOLIO_CATEGORY_LABELS,
  type PortfolioCategory,
  type PortfolioItem,
  type PortfolioPayload,
} from '@brightwave/common';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { optionsOf, SelectField, TextAreaField, TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { useCreatePortfolioMutation, useUpdatePortfolioMutation } from './portfolio-api';
import { TechStackInput } from './tech-stack-input';

const EMPTY_FORM: PortfolioPayload = {
  category: '' as PortfolioCategory,
  projectTitle: '',
  projectSubtitle: '',
  description: '',
  imgLink: '',
  linkToProject: '',
  techStack: [],
};

function formOf(item: PortfolioItem | null): PortfolioPayload {
  if (!item) return EMPTY_FORM;
  return {
    category: item.category,
    projectTitle: item.projectTitle,
    projectSubtitle: item.projectSubtitle,
    description: item.description,
    imgLink: item.imgLink,
    linkToProject: item.linkToProject ?? '',
    techStack: [...item.techStack],
  };
}

interface PortfolioFormDialogProps {
  open: boolean;
  /** The item being edited; null adds a new one (SPEC §4: one form toggling add and edit mode). */
  item: PortfolioItem | null;
  onClose: () => void;
}

export function PortfolioFormDialog({ open, item, onClose }: PortfolioFormDialogProps) {
  return (
    <Dialog open={open} title={item ? 'Edit Portfolio Item' : 'Add Portfolio Item'} onClose={onClose} size="lg">
      {/* Keyed so that switching item or mode starts from that item's values. */}
      <PortfolioForm key={item?._id ?? 'new'} item={item} onDone={onClose} />
    </Dialog>
  );
}

function PortfolioForm({ item, onDone }: { item: PortfolioItem | null; onDone: () => void }) {
  const [form, setForm] = useState<PortfolioPayload>(() => formOf(item));
  const [create, { isLoading: creating }] = useCreatePortfolioMutation();
  const [update, { isLoading: updating }] = useUpdatePortfolioMutation();
  const set = <K extends keyof PortfolioPayload>(key: K, value: PortfolioPayload[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      if (item) {
        await update({ id: item._id, body: form }).unwrap();
        toast.success(MESSAGES.portfolioUpdated);
      } else {
        await create(form).unwrap();
        toast.success(MESSAGES.portfolioCreated);
      }
      onDone();
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.portfolioSaveFailure));
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <SelectField
        label="Category"
        data-autofocus
        required
        value={form.category}
        placeholder="Select Category"
        options={optionsOf(PORTFOLIO_CATEGORY_KEYS, PORTFOLIO_CATEGORY_LABELS)}
        onChange={(event) => set('category', event.target.value as PortfolioCategory)}
      />
      <TextField
        label="Project Title"
        required
        maxLength={MAX_LENGTH.title}
        value={form.projectTitle}
        onChange={(event) => set('projectTitle', event.target.value)}
      />
      <TextField
        label="Project Subtitle"
        required
        maxLength={MAX_LENGTH.subtitle}
        value={form.projectSubtitle}
        onChange={(event) => set('projectSubtitle', event.target.value)}
      />
      <TextAreaField
        label="Description"
        required
        rows={4}
        maxLength={MAX_LENGTH.description}
        value={form.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <TextField
        label="Image Link"
        type="url"
        required
        maxLength={MAX_LENGTH.url}
        placeholder="https://"
        value={form.imgLink}
        onChange={(event) => set('imgLink', event.target.value)}
      />
      <TextField
        label="Project Link"
        type="url"
        required
        maxLength={MAX_LENGTH.url}
        placeholder="https://"
        value={form.linkToProject}
        onChange={(event) => set('linkToProject', event.target.value)}
      />
      <TechStackInput value={form.techStack} onChange={(techStack) => set('techStack', techStack)} />
      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className={buttonClasses('secondary')} onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className={buttonClasses('primary')} disabled={creating || updating}>
          {item ? 'Update Portfolio' : 'Add Portfolio'}
        </button>
      </div>
    </form>
  );
}
