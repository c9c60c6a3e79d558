import { BUILT_PAGE_FIELDS, builtPagePath } from '@brightwave/common';
import { FormDialog } from '../../components/form-dialog';
import { NewDocumentForm, type NewDocumentKind } from '../../components/new-document-form';
import { useCreateBuiltPageMutation } from './pages-api';

const NEW_PAGE: NewDocumentKind = {
  submitLabel: 'Create page',
  intro: 'The page starts as a draft: visitors see it once you publish it.',
  titleMax: BUILT_PAGE_FIELDS.title.max,
  slugMax: BUILT_PAGE_FIELDS.slug.max,
  slugHint: "Lower-case letters, digits and hyphens; parts separated by / (services/cloud-audit). The page's path:",
  pathOf: builtPagePath,
  failure: 'Failed to create the page',
};

/** New page: its title and address (suggested from the title until the address is typed); created as a draft, then edited. */
export function NewPageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create, { isLoading }] = useCreateBuiltPageMutation();
  return (
    <FormDialog open={open} title="New page" onClose={onClose} formKey="new">
      <NewDocumentForm
        kind={NEW_PAGE}
        busy={isLoading}
        onClose={onClose}
        create={async (values) => {
          const { message, page } = await create(values).unwrap();
          return { message, editorPath: `/pages/${page._id}` };
        }}
      />
    </FormDialog>
  );
}
