import {
  MAX_LENGTH,
  MESSAGES,
  PORTFOLIO_CATEGORY_KEYS,
  PORTFOLIO_CATEGORY_LABELS,
  type PortfolioCategory,
  type PortfolioItem,
  type PortfolioPayload,
} from '@brightwave/common';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { optionsOf, SelectField, TextAreaField, TextField, UrlField } from '../../components/ui/fields';
import { useSaveForm } from '../../components/use-save-form';
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
    <FormDialog open={open} title={item ? 'Edit Portfolio Item' : 'Add Portfolio Item'} onClose={onClose} formKey={item?._id ?? 'new'}>
      <PortfolioForm item={item} onDone={onClose} />
    </FormDialog>
  );
}

function PortfolioForm({ item, onDone }: { item: PortfolioItem | null; onDone: () => void }) {
  const [create, { isLoading: creating }] = useCreatePortfolioMutation();
  const [update, { isLoading: updating }] = useUpdatePortfolioMutation();
  const { form, set, field, onSubmit } = useSaveForm({
    initial: () => formOf(item),
    id: item?._id,
    create,
    update,
    messages: {
      created: MESSAGES.portfolioCreated,
      updated: MESSAGES.portfolioUpdated,
      saveFailure: MESSAGES.portfolioSaveFailure,
    },
    onDone,
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={item ? 'Update Portfolio' : 'Add Portfolio'} busy={creating || updating}>
      <SelectField
        label="Category"
        data-autofocus
        required
        placeholder="Select Category"
        options={optionsOf(PORTFOLIO_CATEGORY_KEYS, PORTFOLIO_CATEGORY_LABELS)}
        {...field('category')}
      />
      <TextField label="Project Title" required maxLength={MAX_LENGTH.title} {...field('projectTitle')} />
      <TextField label="Project Subtitle" required maxLength={MAX_LENGTH.subtitle} {...field('projectSubtitle')} />
      <TextAreaField label="Description" required rows={4} maxLength={MAX_LENGTH.description} {...field('description')} />
      <UrlField label="Image Link" {...field('imgLink')} />
      <UrlField label="Project Link" {...field('linkToProject')} />
      <TechStackInput value={form.techStack} onChange={(techStack) => set('techStack', techStack)} />
    </DialogForm>
  );
}
