import { isClosedStatus, WORK_ITEM_LABELS, type WorkItemKind } from '@brightwave/common';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { LoadError, Loading } from '../../components/ui/feedback';
import { useGetAccountQuery } from '../account/account-api';
import { CandidateEmailsSection } from '../hiring/candidate-emails-section';
import { RatingsSection } from '../hiring/ratings-section';
import { InterviewSection } from '../interviews/interview-section';
import { ActivitySection } from './activity-section';
import { BackLink } from './back-link';
import { FollowUpSection } from './follow-up-section';
import { ItemDetails, type KindAndItem } from './item-details';
import { ApplicationNavigation, InboxItemNavigation } from './item-navigation';
import { NextActionSection } from './next-action-section';
import { OwnerSection } from './owner-section';
import { RelatedSection } from './related-section';
import { senderOf, WORK_ITEM_NOUNS, workItemKindsOf } from './work-items';
import { useGetWorkItemQuery } from './workspace-api';

const isNotFound = (error: unknown) => (error as FetchBaseQueryError | undefined)?.status === 404;

/**
 * `/admin/leads/:id`, `/admin/queries/:id`, `/admin/applications/:id`: everything about one item (docs/features/workspace.md): what was
 * sent, status, spam flag, owner, follow-up, notes, timeline and the other submissions from the same address; for an
 * application also its ratings and the e-mails to the candidate (docs/features/hiring.md) and its interview
 * invitations (docs/features/booking.md, "Interviews").
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
      <PageHeader
        title={`${WORK_ITEM_LABELS[kind]} from ${senderOf(item)}`}
        actions={
          entry.kind === 'application' ? (
            <ApplicationNavigation id={item._id} jobId={entry.item.job} />
          ) : (
            <InboxItemNavigation kind={entry.kind} id={item._id} />
          )
        }
      >
        <BackLink kind={kind} />
      </PageHeader>
      {/* The next action comes first in reading order (and on a phone); on a wide screen it is the right-hand column. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="space-y-6 lg:col-start-3 lg:row-start-1">
          <NextActionSection {...entry} />
          <OwnerSection kind={kind} id={item._id} owner={item.owner} myId={account?._id} />
          <FollowUpSection kind={kind} id={item._id} followUpAt={item.followUpAt} overdue={item.overdue} />
        </div>
        <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <ItemDetails {...entry} />
          {entry.kind === 'application' && (
            <>
              <RatingsSection id={item._id} myId={account?._id} />
              <InterviewSection id={item._id} fullName={entry.item.fullName} closed={isClosedStatus('application', entry.item.status)} />
              <CandidateEmailsSection id={item._id} fullName={entry.item.fullName} />
            </>
          )}
          <ActivitySection kind={kind} id={item._id} notes={item.notes} account={account} />
        </div>
        <div className="space-y-6 lg:col-start-3 lg:row-start-2 lg:self-start">
          <RelatedSection email={item.email} related={item.related} kinds={workItemKindsOf(account?.role)} />
        </div>
      </div>
    </>
  );
}
