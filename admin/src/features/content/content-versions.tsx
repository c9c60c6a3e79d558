import type { ContentKey, ContentPageDetails, ContentPageSpec, ContentVersionKind, ContentVersionSummary } from '@brightwave/common';
import { useEffect, useState, type ReactNode } from 'react';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { badgeClasses } from '../../components/ui/status-badge';
import { cardClasses, tableClasses, tdClasses, thClasses } from '../../components/ui/table';
import { TableHead } from '../../components/ui/table-head';
import { logFailure } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { useGetContentVersionQuery } from './content-api';
import { contentChanges, pathLabel, valueAt, valueChanges, type ContentChange, type FieldLookup, type ValueRecord } from './content-values';

const KIND_LABELS: Record<ContentVersionKind, string> = {
  seed: 'Installed content',
  draft: 'Saved draft',
  publish: 'Publish',
  restore: 'Restored version',
};

/** Versions shown before "Show all" (a page keeps up to CONTENT_VERSIONS_KEPT). */
const FIRST_VERSIONS = 10;

const versionName = (version: ContentVersionSummary) => `${KIND_LABELS[version.kind]} of ${formatDateTime(version.createdAt)}`;

/** What the versions table needs of a page: its versions, and which of them are the draft and the scheduled one. */
type VersionedPage = Pick<ContentPageDetails, 'versions' | 'draftVersionId' | 'hasDraft' | 'scheduledVersionId' | 'scheduledAt'>;

/** Two versions, older first. */
export type ComparedVersions = [ContentVersionSummary, ContentVersionSummary];

interface VersionsPanelProps {
  page: VersionedPage;
  /** The page's name, for the table's caption. */
  title: string;
  /** Asks to make a version the draft (the editor confirms and restores). */
  onRestore: (version: ContentVersionSummary) => void;
  /** The comparison of two chosen versions (a site-content page's: ContentComparison). */
  comparison: (versions: ComparedVersions, onClose: () => void) => ReactNode;
}

/**
 * The versions of a content page or a built page, newest first: who made each and when, which went live; two can be
 * compared, any restored.
 */
export function VersionsPanel({ page, title, onRestore, comparison }: VersionsPanelProps) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [compared, setCompared] = useState<ComparedVersions | null>(null);
  const [showAll, setShowAll] = useState(false);
  // The live version is the one published last.
  const live = page.versions.reduce<ContentVersionSummary | undefined>(
    (latest, version) => (version.publishedAt && (!latest?.publishedAt || version.publishedAt > latest.publishedAt) ? version : latest),
    undefined,
  );
  const shown = showAll ? page.versions : page.versions.slice(0, FIRST_VERSIONS);

  // Two at most: choosing a third lets go of the one chosen first.
  const toggle = (id: string, checked: boolean) =>
    setChosen((current) => (checked ? [...current.filter((other) => other !== id), id].slice(-2) : current.filter((other) => other !== id)));

  function onCompare() {
    const [a, b] = chosen.map((id) => page.versions.find((version) => version._id === id)).filter((version) => version !== undefined);
    if (!a || !b) return;
    setCompared(a.createdAt <= b.createdAt ? [a, b] : [b, a]);
  }

  return (
    <section aria-labelledby="versions-heading" className={`${cardClasses} mt-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-5">
        <div>
          <h2 id="versions-heading" className="text-lg font-semibold text-gray-900">
            Versions
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            Choose two versions to compare them. Restoring a version makes it the draft; it is not published until you publish it.
          </p>
        </div>
        <button type="button" className={buttonClasses('secondary')} disabled={chosen.length !== 2} onClick={onCompare}>
          Compare
        </button>
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className={tableClasses}>
          <caption className="sr-only">Versions of {title}, newest first</caption>
          <TableHead headers={['Compare', 'Version', 'Author', 'Saved', 'Status', 'Actions']} />
          <tbody className="divide-y divide-gray-200">
            {shown.map((version) => {
              const name = versionName(version);
              return (
                <tr key={version._id}>
                  <td className={tdClasses}>
                    <input
                      type="checkbox"
                      id={`compare-${version._id}`}
                      aria-label={`Compare the ${name.charAt(0).toLowerCase()}${name.slice(1)}`}
                      checked={chosen.includes(version._id)}
                      onChange={(event) => toggle(version._id, event.target.checked)}
                      className="h-4 w-4"
                    />
                  </td>
                  <td className={tdClasses}>{KIND_LABELS[version.kind]}</td>
                  <td className={tdClasses}>{version.author ?? (version.kind === 'seed' ? 'Installation' : 'Scheduled publish')}</td>
                  <td className={`${tdClasses} whitespace-nowrap`}>{formatDateTime(version.createdAt)}</td>
                  <td className={tdClasses}>
                    <VersionMarks version={version} page={page} live={version._id === live?._id} />
                  </td>
                  <td className={tdClasses}>
                    {version._id !== page.draftVersionId && (
                      <button
                        type="button"
                        className={buttonClasses('secondary', 'px-3 py-1')}
                        aria-label={`Restore the ${name.charAt(0).toLowerCase()}${name.slice(1)}`}
                        onClick={() => onRestore(version)}
                      >
                        Restore
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {page.versions.length > FIRST_VERSIONS && (
        <div className="px-5 py-3">
          <button type="button" className={buttonClasses('ghost')} onClick={() => setShowAll(!showAll)}>
            {showAll ? `Show the newest ${FIRST_VERSIONS} versions` : `Show all ${page.versions.length} versions`}
          </button>
        </div>
      )}
      {compared && comparison(compared, () => setCompared(null))}
    </section>
  );
}

function VersionMarks({ version, page, live }: { version: ContentVersionSummary; page: VersionedPage; live: boolean }) {
  return (
    <div className="flex flex-wrap gap-1">
      {version.publishedAt && (
        <span className={badgeClasses(live ? 'green' : 'gray')}>
          {live ? 'Published, live' : 'Published'} {formatDateTime(version.publishedAt)}
        </span>
      )}
      {version._id === page.draftVersionId && page.hasDraft && <span className={badgeClasses('yellow')}>Draft</span>}
      {version._id === page.scheduledVersionId && page.scheduledAt && (
        <span className={badgeClasses('blue')}>Scheduled {formatDateTime(page.scheduledAt)}</span>
      )}
    </div>
  );
}

interface ContentComparisonProps {
  pageKey: ContentKey;
  spec: ContentPageSpec;
  versions: ComparedVersions;
  onClose: () => void;
}

/** The fields that differ between two versions of a content page (both fetched with their fields). */
export function ContentComparison({ pageKey, spec, versions, onClose }: ContentComparisonProps) {
  const [older, newer] = versions;
  const before = useGetContentVersionQuery({ key: pageKey, id: older._id });
  const after = useGetContentVersionQuery({ key: pageKey, id: newer._id });
  const failed = before.isError || after.isError;

  useEffect(() => {
    if (failed) logFailure('content version fetch failed', before.error ?? after.error);
  }, [failed, before.error, after.error]);

  return (
    <Comparison
      versions={versions}
      changes={before.data && after.data ? contentChanges(spec, before.data.version.fields, after.data.version.fields) : undefined}
      failed={failed}
      onRetry={() => {
        void before.refetch();
        void after.refetch();
      }}
      label={(path) => pathLabel(spec, path)}
      onClose={onClose}
    />
  );
}

/** What a version query (an RTK Query hook) answers: one version with its document. */
interface VersionQuery<Document> {
  data?: { version: { document: Document } };
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface DocumentComparisonProps<Document extends ValueRecord, Args> {
  versions: ComparedVersions;
  /** The query of one version (useGetPostVersionQuery…), called for the older and the newer one. */
  useVersionQuery: (args: Args) => VersionQuery<Document>;
  /** The query's arguments for one version. */
  argsOf: (versionId: string) => Args;
  fieldOf: FieldLookup;
  /** A path's name for people, in the version that has it (a removed block is named as the older version has it). */
  label: (path: string, document: Document) => string;
  onClose: () => void;
}

/** The values that differ between two versions of a built page, a case study or a post (both fetched with their documents). */
export function DocumentComparison<Document extends ValueRecord, Args>(props: DocumentComparisonProps<Document, Args>) {
  const { versions, useVersionQuery, argsOf, fieldOf, label, onClose } = props;
  const [older, newer] = versions;
  const before = useVersionQuery(argsOf(older._id));
  const after = useVersionQuery(argsOf(newer._id));
  const failed = before.isError || after.isError;

  useEffect(() => {
    if (failed) logFailure('version fetch failed', before.error ?? after.error);
  }, [failed, before.error, after.error]);

  const documents = before.data && after.data ? ([before.data.version.document, after.data.version.document] as const) : undefined;
  return (
    <Comparison
      versions={versions}
      changes={documents && valueChanges(fieldOf, ...documents)}
      failed={failed}
      onRetry={() => {
        void before.refetch();
        void after.refetch();
      }}
      label={(path) => (documents ? label(path, valueAt(documents[1], path) === undefined ? documents[0] : documents[1]) : path)}
      onClose={onClose}
    />
  );
}

interface ComparisonProps {
  versions: ComparedVersions;
  /** The values that differ; undefined while the two versions are being fetched. */
  changes: ContentChange[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /** A path's name for people ("Hero › Title"). */
  label: (path: string) => string;
  onClose: () => void;
}

/** The values that differ between two versions, side by side. */
function Comparison({ versions: [older, newer], changes, failed, onRetry, label, onClose }: ComparisonProps) {
  let body;
  if (changes) {
    body =
      changes.length === 0 ? (
        <p className="px-5 py-4 text-sm text-gray-700">These two versions hold the same content.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={tableClasses}>
            <caption className="sr-only">
              Fields that differ between the {versionName(older).toLowerCase()} and the {versionName(newer).toLowerCase()}
            </caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={thClasses}>
                  Field
                </th>
                <th scope="col" className={thClasses}>
                  {versionName(older)}
                </th>
                <th scope="col" className={thClasses}>
                  {versionName(newer)}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {changes.map((change) => (
                <tr key={change.path}>
                  <th scope="row" className={`${tdClasses} text-left font-medium`}>
                    {label(change.path)}
                  </th>
                  <ChangedValue value={change.before} />
                  <ChangedValue value={change.after} note={change.formattingOnly ? 'Only the formatting differs.' : undefined} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  } else if (failed) {
    body = <LoadError onRetry={onRetry} />;
  } else {
    body = <Loading label="Loading the two versions…" />;
  }

  return (
    <section aria-labelledby="comparison-heading" className="border-t border-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 pt-4">
        <h3 id="comparison-heading" className="text-base font-semibold text-gray-900">
          Comparison
        </h3>
        <button type="button" className={buttonClasses('ghost')} onClick={onClose}>
          Close comparison
        </button>
      </div>
      {body}
    </section>
  );
}

function ChangedValue({ value, note }: { value: string | undefined; note?: string }) {
  return (
    <td className={`${tdClasses} max-w-md whitespace-pre-wrap break-words`}>
      {value === undefined ? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not in this version</span>
        </>
      ) : (
        value
      )}
      {note && <span className="mt-1 block text-xs text-gray-700">{note}</span>}
    </td>
  );
}
