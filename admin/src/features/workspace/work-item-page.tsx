import { WORK_ITEM_LABELS, type WorkItemKind } from '@brightwave/common';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { FiArrowLeft } from 'react-icons/fi';
import { Link, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { LoadError, Loading } from '../../components/ui/feedback';
import { useGetAccountQuery } from '../account/account-api';
import { CandidateEmailsSection } from '../hiring/candidate-emails-section';
import { RatingsSection } from '../hiring/ratings-section';
import { FollowUpSection } from './follow-up-section';
import { ItemDetails, type KindAndItem } from './item-details';
import { NotesSection } from './notes-section';
import { OwnerSection } from './owner-section';
import { RelatedSection } from './related-section';
import { TimelineSection } from './timeline-section';
import { senderOf, WORK_ITEM_LISTS, WORK_ITEM_NOUNS, workItemKindsOf } from './work-items';
import { useGetWorkItemQuery } from './workspace-api';

const isNotFound = (error: unknown) => (error as FetchBaseQueryError | undefined)?.status === 404;

function BackLink({ kind }: { kind: WorkItemKind }) {
  return (
    <Link to={WORK_ITEM_LISTS[kind].path} className="mt-1 inline-flex items-center gap-1 text-sm text-blue-800 underline">
      <FiArrowLeft aria-hidden="true" /> Back to {WORK_ITEM_LISTS[kind].title}
    </Link>
  );
}

/**
 * `/admin/leads/:id`, `/admin/queries/:id`, `/admin/applications/:id`: everything about one item (docs/features/workspace.md): what was
 * sent, status, spam flag, owner, follow-up, notes, timeline and the other submissions from the same address; for an
 * application also its ratings and the e-mails to the candidate (docs/features/hiring.md).
 */
export function WorkItemPage({ kind }: { kind: WorkItemKind }) {
  const { id = '' } = useParams();
  // currentData: another item's page (a related link) never shows the previous item while it loads.
  const { currentData: item, isFetching, isError, error, refetch } = useGetWorkItemQuery({ kind, id });
  const account = useGetAccountQuery().data?.account;

  if (!item) {
    if (isFetching) return <Loading label={`Loading the ${WORK_ITEM_NOUNS[kind]}…`} />;
    if (isError && isNotFound(error)) {
      return (
        <PageHeader title={`${WORK_ITEM_LABELS[kind]} not found`}>
          <p className="mt-1 text-sm text-gray-700">It does not exist, or it was erased.</p>
          <BackLink kind={kind} />
        </PageHeader>
      );
    }
    return (
      <>
        <PageHeader title={WORK_ITEM_LABELS[kind]}>
          <BackLink kind={kind} />
        </PageHeader>
        <LoadError onRetry={() => void refetch()} />
      </>
    );
  }

  // The query is keyed by kind: the item is of this kind.
  const entry = { kind, item } as KindAndItem;
  return (
    <>
      <PageHeader title={`${WORK_ITEM_LABELS[kind]} from ${senderOf(item)}`}>
        <BackLink kind={kind} />
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ItemDetails {...entry} />
          {entry.kind === 'application' && (
            <>
              <RatingsSection id={item._id} myId={account?._id} />
              <CandidateEmailsSection id={item._id} fullName={entry.item.fullName} />
            </>
          )}
          <NotesSection kind={kind} id={item._id} notes={item.notes} account={account} />
          <TimelineSection kind={kind} id={item._id} />
        </div>
        <div className="space-y-6">
          <OwnerSection kind={kind} id={item._id} owner={item.owner} myId={account?._id} />
          <FollowUpSection kind={kind} id={item._id} followUpAt={item.followUpAt} overdue={item.overdue} />
          <RelatedSection email={item.email} related={item.related} kinds={workItemKindsOf(account?.role)} />
        </div>
      </div>
    </>
  );
}
