import {
  BUILT_PAGE_MESSAGES,
  NAV_LABEL_MAX,
  NAV_ORDER_MAX,
  NAV_PAGES_MAX,
  NAV_PLACEMENT_LABELS,
  NAV_PLACEMENTS,
  type BuiltPageDetails,
  type NavPlacement,
} from '@brightwave/common';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { buttonClasses } from '../../components/ui/button';
import { optionsOf, SelectField, TextField } from '../../components/ui/fields';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { useSaveBuiltPageNavMutation } from './pages-api';

const NAV_FAILURE = "Failed to save the page's place in the navigation";

/** Where the site's navigation links to the page: nowhere, the header or the footer, with its text and order there. */
export function PageNavSection({ page }: { page: BuiltPageDetails }) {
  const hintId = useId();
  const [placement, setPlacement] = useState<NavPlacement>(page.nav.placement);
  const [label, setLabel] = useState(page.nav.label);
  const [order, setOrder] = useState(String(page.nav.order));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { isLoading }] = useSaveBuiltPageNavMutation();
  // Only a published page has an address visitors can follow.
  const published = page.published !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await save({ id: page._id, placement, label: label.trim(), order: Number(order) }).unwrap();
      setErrors({});
      toast.success(answer.message);
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, NAV_FAILURE));
    }
  }

  return (
    <section aria-labelledby="navigation-heading" className={`${cardClasses} mt-6 p-5`}>
      <h2 id="navigation-heading" className="text-lg font-semibold text-gray-900">
        Navigation
      </h2>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        {published
          ? `A link to the page in the site's header (at most ${NAV_PAGES_MAX.header} pages there) or footer (at most ${NAV_PAGES_MAX.footer}), lowest order first.`
          : BUILT_PAGE_MESSAGES.navNotPublished}
      </p>
      <form onSubmit={onSubmit} noValidate aria-label="Navigation" className="mt-4">
        <fieldset disabled={!published} aria-describedby={hintId} className="grid gap-4 sm:grid-cols-3">
          <legend className="sr-only">The page's link in the navigation</legend>
          <SelectField
            label="Placement"
            options={optionsOf(NAV_PLACEMENTS, NAV_PLACEMENT_LABELS)}
            value={placement}
            error={errors.placement}
            onChange={(event) => setPlacement(event.target.value as NavPlacement)}
          />
          <TextField
            label="Link text (optional: the page's title when empty)"
            maxLength={NAV_LABEL_MAX}
            placeholder={page.draft.title}
            value={label}
            error={errors.label}
            onChange={(event) => setLabel(event.target.value)}
          />
          <TextField
            label="Order"
            type="number"
            min={0}
            max={NAV_ORDER_MAX}
            step={1}
            value={order}
            error={errors.order}
            onChange={(event) => setOrder(event.target.value)}
          />
          <div className="sm:col-span-3">
            <button type="submit" className={buttonClasses('secondary')} disabled={isLoading}>
              {isLoading ? 'Saving…' : 'Save navigation'}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
