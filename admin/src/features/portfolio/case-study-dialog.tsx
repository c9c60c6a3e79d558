// A portfolio item's case study (docs/features/case-studies.md): its address, and its story (client, industry,
// services, results, gallery, text) saved as a draft, previewed and published, with its versions. Loaded when an editor
// first opens one (portfolio-page.tsx), so the portfolio screen's own code stays small.
import {
  CASE_STUDY_FIELDS,
  CASE_STUDY_MESSAGES,
  MESSAGES,
  isCaseStudySlug,
  validateCaseStudy,
  type CaseStudyDetails,
  type CaseStudyDocument,
  type PortfolioPayload,
} from '@brightwave/common';
import { FiExternalLink } from 'react-icons/fi';
import { Dialog } from '../../components/ui/dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { formatDateTime } from '../../lib/format';
import { Fields, FormValues } from '../content/content-form';
import { fieldDomId, fieldsDocument, trimmedBy } from '../content/content-values';
import { DocumentComparison, VersionsPanel } from '../content/content-versions';
import { PublishingButtons, PublishingDialogs } from '../content/publishing-controls';
import { PublishingNotices } from '../content/publishing-notices';
import { siteUrl, useDocumentEditor } from '../content/use-document-editor';
import {
  useCancelCaseStudyScheduleMutation,
  useGetCaseStudyQuery,
  useGetCaseStudyVersionQuery,
  usePreviewCaseStudyMutation,
  usePublishCaseStudyMutation,
  useRestoreCaseStudyVersionMutation,
  useUpdatePortfolioMutation,
} from './portfolio-api';

const STATUS_LABELS = { draft: 'Not published', published: 'Published', scheduled: 'Scheduled' } as const;
const STATUS_COLORS = { draft: 'yellow', published: 'green', scheduled: 'blue' } as const;

const caseStudyFields = fieldsDocument(CASE_STUDY_FIELDS);

/** The story and, beside it, the item's address: both are saved by one PUT /api/portfolio/:id. */
type CaseStudyForm = CaseStudyDocument & { slug: string };

/** The SPEC's fields of the item as they are (a save of the story sends them unchanged). */
function itemPayload({ item }: CaseStudyDetails): PortfolioPayload {
  const { category, projectTitle, projectSubtitle, description, imgLink, techStack } = item;
  return { category, projectTitle, projectSubtitle, description, imgLink, linkToProject: item.linkToProject ?? '', techStack };
}

export default function CaseStudyDialog({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const { data, isLoading, isError, refetch } = useGetCaseStudyQuery(id);
  return (
    <Dialog open title={`Case study: ${title}`} onClose={onClose} size="xl">
      {data ? (
        // Keyed: a restored or newly loaded draft starts the form again.
        <CaseStudyForm key={data.caseStudy.draftVersionId} caseStudy={data.caseStudy} />
      ) : isLoading ? (
        <Loading label="Loading the case study…" />
      ) : isError ? (
        <LoadError onRetry={refetch} />
      ) : null}
    </Dialog>
  );
}

function CaseStudyForm({ caseStudy }: { caseStudy: CaseStudyDetails }) {
  const id = caseStudy.item._id;
  const [save] = useUpdatePortfolioMutation();
  const [publish] = usePublishCaseStudyMutation();
  const [cancelSchedule] = useCancelCaseStudyScheduleMutation();
  const [preview] = usePreviewCaseStudyMutation();
  const [restore] = useRestoreCaseStudyVersionMutation();
  // The answers carry the item, not the draft: the dialog loads the case study again, keyed by its new draft.
  const editor = useDocumentEditor<CaseStudyForm>({
    loaded: { ...caseStudy, draft: { ...caseStudy.draft, slug: caseStudy.item.slug } },
    prepare: (form) => trimmedBy(caseStudyFields.fieldAt, form),
    validate: ({ slug, ...story }) => {
      const problems = validateCaseStudy(story);
      if (!isCaseStudySlug(slug)) problems.slug = CASE_STUDY_MESSAGES.slug;
      return problems;
    },
    formPaths: (form) => new Set(['slug', ...caseStudyFields.formPaths(form)]),
    labelOf: caseStudyFields.labelOf,
    save: async (form, baseVersionId) => {
      await save({ id, body: { ...itemPayload(caseStudy), ...form, baseVersionId } }).unwrap();
      return { message: MESSAGES.contentSaved };
    },
    publish: (at) => publish({ id, ...(at ? { at } : {}) }).unwrap(),
    cancelSchedule: () => cancelSchedule({ id }).unwrap(),
    preview: () => preview({ id }).unwrap(),
    restore: (versionId) => restore({ id, versionId }).unwrap(),
  });
  const { busy } = editor;

  return (
    <div className="space-y-5">
      <section aria-label="Publishing" className="space-y-2 text-sm text-gray-800">
        <p className="flex flex-wrap items-center gap-2">
          <span className={badgeClasses(STATUS_COLORS[caseStudy.status])}>{STATUS_LABELS[caseStudy.status]}</span>
          {caseStudy.published && caseStudy.hasDraft && <span className={badgeClasses('yellow')}>Unpublished changes</span>}
          {editor.dirty && <span className={badgeClasses('red')}>Unsaved changes</span>}
          <a href={siteUrl(caseStudy.path)} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-800 underline">
            View {caseStudy.path} <FiExternalLink aria-hidden="true" className="inline" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        <p>
          {caseStudy.published
            ? `Story last published ${caseStudy.publishedAt ? formatDateTime(caseStudy.publishedAt) : ''}.`
            : 'No story published yet: the page shows the item’s own fields.'}{' '}
          The address changes at once when saved; the old one then leads to the new one.
        </p>
        <PublishingNotices document={caseStudy} editor={editor} labelOf={caseStudyFields.labelOf} busy={busy} />
      </section>
      <form onSubmit={editor.onSubmit} noValidate aria-label={`Case study ${caseStudy.item.projectTitle}`} className="space-y-4">
        <TextField
          id={fieldDomId('slug')}
          label="Address (after /portfolio/)"
          value={editor.form.slug}
          maxLength={80}
          onChange={(event) => editor.change({ ...editor.form, slug: event.target.value }, 'slug')}
          error={editor.errors.slug}
        />
        <FormValues value={editor.form} errors={editor.errors} onChange={editor.change}>
          <p className="text-sm text-gray-700">Services are the anchors of the Services page’s cards, such as web or mobile.</p>
          <Fields specs={CASE_STUDY_FIELDS} prefix="" />
        </FormValues>
        <PublishingButtons editor={editor} busy={busy} className="flex flex-wrap gap-2 border-t border-gray-200 pt-4" />
      </form>
      <VersionsPanel
        page={caseStudy}
        title={`the case study of ${caseStudy.item.projectTitle}`}
        onRestore={editor.askToRestore}
        comparison={(versions, onClose) => (
          <DocumentComparison<CaseStudyDocument, { id: string; versionId: string }>
            versions={versions}
            useVersionQuery={useGetCaseStudyVersionQuery}
            argsOf={(versionId) => ({ id, versionId })}
            fieldOf={caseStudyFields.fieldAt}
            label={caseStudyFields.labelOf}
            onClose={onClose}
          />
        )}
      />
      <PublishingDialogs
        editor={editor}
        busy={busy}
        what={`the story of ${caseStudy.item.projectTitle}`}
        seenWhere="Visitors see it within a few seconds."
        scheduled={caseStudy.scheduledAt !== null}
      />
    </div>
  );
}
