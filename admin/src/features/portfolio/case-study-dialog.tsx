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
  type ContentVersionSummary,
  type PortfolioPayload,
} from '@brightwave/common';
import { useState, type FormEvent } from 'react';
import { FiCalendar, FiExternalLink, FiEye, FiSave, FiSend } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TextField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { Fields, FormValues } from '../content/content-form';
import { fieldDomId, fieldNames, sameContent } from '../content/content-values';
import { PreviewLinkNotice, ScheduleNotices } from '../content/publishing-notices';
import { ScheduleDialog } from '../content/schedule-dialog';
import { PUBLISHING_FAILURES, usePublishing } from '../content/use-publishing';
import {
  useCancelCaseStudyScheduleMutation,
  useGetCaseStudyQuery,
  usePreviewCaseStudyMutation,
  usePublishCaseStudyMutation,
  useRestoreCaseStudyVersionMutation,
  useUpdatePortfolioMutation,
} from './portfolio-api';

const STATUS_LABELS = { draft: 'Not published', published: 'Published', scheduled: 'Scheduled' } as const;
const STATUS_COLORS = { draft: 'yellow', published: 'green', scheduled: 'blue' } as const;

/** An absolute address of the site (the backend that serves the API renders the site's pages too). */
const siteUrl = (path: string) => new URL(apiUrl(path), window.location.href).href;

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
  const [form, setForm] = useState<CaseStudyDocument>(caseStudy.draft);
  const [slug, setSlug] = useState(caseStudy.item.slug);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [toRestore, setToRestore] = useState<ContentVersionSummary | null>(null);
  const [previewLink, setPreviewLink] = useState<{ href: string; expiresAt: string } | null>(null);
  const [save, { isLoading: saving }] = useUpdatePortfolioMutation();
  const [publish, { isLoading: publishing }] = usePublishCaseStudyMutation();
  const [cancelSchedule, { isLoading: cancelling }] = useCancelCaseStudyScheduleMutation();
  const [preview, { isLoading: previewing }] = usePreviewCaseStudyMutation();
  const [restore, { isLoading: restoring }] = useRestoreCaseStudyVersionMutation();
  const busy = saving || publishing || cancelling || previewing || restoring;
  const dirty = !sameContent(form, caseStudy.draft) || slug !== caseStudy.item.slug;

  function showErrors(found: Record<string, string>, message: string) {
    setErrors(found);
    const count = Object.keys(found).length;
    toast.error(`${message} (${count === 1 ? '1 field' : `${count} fields`})`);
  }

  /** Checks and saves the address and the story; whether the draft now holds them. */
  async function saveDraft(announce: boolean): Promise<boolean> {
    const problems = validateCaseStudy(form);
    if (!isCaseStudySlug(slug)) problems.slug = CASE_STUDY_MESSAGES.slug;
    if (Object.keys(problems).length > 0) {
      showErrors(problems, MESSAGES.contentInvalid);
      return false;
    }
    try {
      await save({ id, body: { ...itemPayload(caseStudy), ...form, slug, baseVersionId: caseStudy.draftVersionId } }).unwrap();
      setErrors({});
      if (announce) toast.success(MESSAGES.contentSaved);
      return true;
    } catch (failure) {
      const refused = fieldErrorsOf(failure);
      if (Object.keys(refused).length > 0) showErrors(refused, errorMessage(failure, MESSAGES.contentInvalid));
      else toast.error(errorMessage(failure, PUBLISHING_FAILURES.save));
      return false;
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void saveDraft(true);
  }

  /** A refused publish or schedule: the fields the server names, else its message. */
  function showRefusedDraft(failure: unknown, fallback: string) {
    const refused = fieldErrorsOf(failure);
    if (Object.keys(refused).length > 0) showErrors(refused, errorMessage(failure, fallback));
    else toast.error(errorMessage(failure, fallback));
  }

  const publication = usePublishing({
    dirty,
    saveDraft,
    publish: (at) => publish({ id, ...(at ? { at } : {}) }).unwrap(),
    cancelSchedule: () => cancelSchedule({ id }).unwrap(),
    showRefusedDraft,
  });
  const publishable = caseStudy.hasDraft || dirty;

  async function onPreview() {
    if (dirty && !(await saveDraft(false))) return;
    try {
      const answer = await preview({ id }).unwrap();
      const href = siteUrl(answer.url);
      window.open(href, '_blank', 'noopener,noreferrer');
      setPreviewLink({ href, expiresAt: answer.expiresAt });
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.preview));
    }
  }

  async function onRestore() {
    if (!toRestore) return;
    try {
      toast.success((await restore({ id, versionId: toRestore._id }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.restore));
    }
    setToRestore(null);
  }

  return (
    <div className="space-y-5">
      <section aria-label="Publishing" className="space-y-2 text-sm text-gray-800">
        <p className="flex flex-wrap items-center gap-2">
          <span className={badgeClasses(STATUS_COLORS[caseStudy.status])}>{STATUS_LABELS[caseStudy.status]}</span>
          {caseStudy.published && caseStudy.hasDraft && <span className={badgeClasses('yellow')}>Unpublished changes</span>}
          {dirty && <span className={badgeClasses('red')}>Unsaved changes</span>}
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
        <ScheduleNotices
          scheduledAt={caseStudy.scheduledAt}
          scheduledVersionId={caseStudy.scheduledVersionId}
          draftVersionId={caseStudy.draftVersionId}
          failedSchedule={caseStudy.failedSchedule}
          labelOf={(path) => (fieldNames(CASE_STUDY_FIELDS, path.split('.')) ?? [path]).join(' › ')}
          busy={busy}
          onCancel={publication.cancel}
        />
        <PreviewLinkNotice link={previewLink} />
      </section>
      <form onSubmit={onSubmit} noValidate aria-label={`Case study ${caseStudy.item.projectTitle}`} className="space-y-4">
        <TextField
          id={fieldDomId('slug')}
          label="Address (after /portfolio/)"
          value={slug}
          maxLength={80}
          onChange={(event) => {
            setSlug(event.target.value);
            setErrors(({ slug: _slug, ...rest }) => rest);
          }}
          error={errors.slug}
        />
        <FormValues
          value={form}
          errors={errors}
          onChange={(next, path) => {
            setForm(next);
            setErrors((current) =>
              Object.fromEntries(Object.entries(current).filter(([errorPath]) => errorPath !== path && !errorPath.startsWith(`${path}.`))),
            );
          }}
        >
          <p className="text-sm text-gray-700">Services are the anchors of the Services page’s cards, such as web or mobile.</p>
          <Fields specs={CASE_STUDY_FIELDS} prefix="" />
        </FormValues>
        <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-4">
          <button type="submit" className={buttonClasses('secondary')} disabled={!dirty || busy}>
            <FiSave aria-hidden="true" /> {saving ? 'Saving…' : 'Save draft'}
          </button>
          <button type="button" className={buttonClasses('secondary')} disabled={busy} onClick={onPreview}>
            <FiEye aria-hidden="true" /> Preview
          </button>
          <button type="button" className={buttonClasses('primary')} disabled={!publishable || busy} onClick={publication.askToPublish}>
            <FiSend aria-hidden="true" /> Publish now
          </button>
          <button type="button" className={buttonClasses('secondary')} disabled={!publishable || busy} onClick={publication.openSchedule}>
            <FiCalendar aria-hidden="true" /> Schedule…
          </button>
        </div>
      </form>
      <section aria-labelledby="case-study-versions" className="text-sm">
        <h3 id="case-study-versions" className="font-semibold text-gray-900">
          Versions
        </h3>
        <ul className="mt-2 divide-y divide-gray-200">
          {caseStudy.versions.map((version) => (
            <li key={version._id} className="flex items-center justify-between gap-3 py-2">
              <span>
                {formatDateTime(version.createdAt)} · {version.kind}
                {version.author ? ` by ${version.author}` : ''}
                {version.publishedAt ? ' · published' : ''}
              </span>
              {version._id !== caseStudy.draftVersionId && (
                <button type="button" className={buttonClasses('secondary', 'px-3 py-1')} disabled={busy} onClick={() => setToRestore(version)}>
                  Restore<span className="sr-only"> the version of {formatDateTime(version.createdAt)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={publication.confirmingPublish}
        title="Publish now"
        message={`Publish the story of ${caseStudy.item.projectTitle} now? Visitors see it within a few seconds.${dirty ? ' Your unsaved changes are saved first.' : ''}${
          caseStudy.scheduledAt ? ' The scheduled publish is cancelled.' : ''
        }`}
        confirmLabel="Publish"
        busy={busy}
        onConfirm={publication.publishNow}
        onCancel={publication.stopAskingToPublish}
      />
      <ScheduleDialog
        open={publication.scheduling}
        dirty={dirty}
        busy={busy}
        serverError={publication.scheduleError}
        onSchedule={publication.schedule}
        onClose={publication.closeSchedule}
      />
      <ConfirmDialog
        open={toRestore !== null}
        title="Restore this version"
        message="Its story becomes the draft; visitors see it once you publish."
        confirmLabel="Restore"
        busy={restoring}
        onConfirm={onRestore}
        onCancel={() => setToRestore(null)}
      />
    </div>
  );
}
