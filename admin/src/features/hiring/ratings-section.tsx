import { MESSAGES, RATING_COMMENT_MAX_LENGTH, RATING_LABELS, RATING_SCORES, type ApplicationRating, type RatingScore } from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { TextAreaField } from '../../components/ui/fields';
import { badgeClasses } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { sectionClasses, sectionHeadingClasses } from '../workspace/item-details';
import { useGetRatingsQuery, useRateMutation } from './hiring-api';

// Shown only when the server gives no message (the network failed); its answers carry their own.

const authorOf = (rating: ApplicationRating) => rating.author?.name ?? 'A former admin';

/** "Average 3.5 from 2 ratings", or "Not rated yet". */
function averageText(average: number | null, count: number): string {
  if (average === null || count === 0) return 'Not rated yet';
  const shown = average.toLocaleString('en', { maximumFractionDigits: 1 });
  return `Average ${shown} from ${count} rating${count === 1 ? '' : 's'}`;
}

/**
 * An application's ratings (docs/features/hiring.md): their average, each admin's score and comment, and the signed-in
 * admin's own rating to give or change (one per admin).
 */
export function RatingsSection({ id, myId }: { id: string; myId: string | undefined }) {
  const headingId = useId();
  const { data, isLoading, isError, refetch } = useGetRatingsQuery(id);
  const mine = myId === undefined ? undefined : data?.ratings.find((rating) => rating.author?._id === myId);

  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <h2 id={headingId} className={sectionHeadingClasses}>
        Ratings
      </h2>
      {isLoading ? (
        <Loading label="Loading the ratings…" />
      ) : !data ? (
        isError && <LoadError onRetry={() => void refetch()} />
      ) : (
        <>
          <p className="mt-1 text-sm font-medium text-gray-900">{averageText(data.average, data.ratings.length)}</p>
          {data.ratings.length > 0 && (
            <ol aria-label="Ratings, newest first" className="mt-3 space-y-3">
              {data.ratings.map((rating) => (
                <li key={rating.author?._id ?? `${rating.updatedAt}-${rating.score}`}>
                  <article aria-label={`Rating by ${authorOf(rating)}`} className="rounded-md border border-gray-200 p-3">
                    <div className="flex flex-wrap items-center gap-2 text-xs text-gray-700">
                      <span className="font-semibold text-gray-900">{authorOf(rating)}</span>
                      <span className={badgeClasses('gray')}>{RATING_LABELS[rating.score]}</span>
                      <span>
                        · updated <time dateTime={rating.updatedAt}>{formatDateTime(rating.updatedAt)}</time>
                      </span>
                    </div>
                    {rating.comment && <p className="mt-2 whitespace-pre-wrap break-words text-sm text-gray-900">{rating.comment}</p>}
                  </article>
                </li>
              ))}
            </ol>
          )}
          {/* Keyed by my rating as stored: once it is saved or changed elsewhere, the form starts from it again. */}
          <MyRatingForm key={mine ? `${mine.updatedAt}-${mine.score}` : 'none'} id={id} mine={mine} />
        </>
      )}
    </section>
  );
}

/** "Your rating": one of the four scores and an optional comment, prefilled with the admin's rating when there is one. */
function MyRatingForm({ id, mine }: { id: string; mine: ApplicationRating | undefined }) {
  const name = useId();
  const counterId = useId();
  const [score, setScore] = useState<RatingScore | null>(mine?.score ?? null);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [rate, { isLoading }] = useRateMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (score === null) return;
    try {
      toast.success((await rate({ id, score, comment: comment.trim() }).unwrap()).message);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.ratingSaveFailure));
    }
  }

  return (
    <form className="mt-4 space-y-3 border-t border-gray-200 pt-4" onSubmit={onSubmit}>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {RATING_SCORES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 has-checked:border-blue-700 has-checked:bg-blue-50"
            >
              <input type="radio" name={name} value={value} checked={score === value} onChange={() => setScore(value)} />
              {RATING_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label="Comment (optional)"
        rows={3}
        maxLength={RATING_COMMENT_MAX_LENGTH}
        aria-describedby={counterId}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={counterId} className="text-xs text-gray-700">
          {comment.length} / {RATING_COMMENT_MAX_LENGTH} characters
        </p>
        <button type="submit" className={buttonClasses('primary')} disabled={isLoading || score === null}>
          Save rating
        </button>
      </div>
    </form>
  );
}
