import { WORK_ITEM_LABELS, type RelatedItem, type WorkItemKind } from '@brightwave/common';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from './item-details';
import { workItemPath } from './work-items';

/** The other submissions from the same address (the server leaves out the kinds this admin may not see). */
export function RelatedSection({ email, related, kinds }: { email: string; related: readonly RelatedItem[]; kinds: readonly WorkItemKind[] }) {
  const headingId = useId();
  const shown = related.filter((item) => kinds.includes(item.kind));
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Related
      </h2>
      <p className="mt-1 break-all text-sm text-gray-700">Other submissions from {email}</p>
      {shown.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">None.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {shown.map((item) => (
            <li key={`${item.kind}-${item._id}`}>
              <Link to={workItemPath(item.kind, item._id)} className="text-blue-800 underline">
                {WORK_ITEM_LABELS[item.kind]} of {formatDateTime(item.createdAt)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
