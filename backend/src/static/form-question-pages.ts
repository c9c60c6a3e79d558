// The custom questions of the quote and contact forms in the site's rendered pages (docs/features/form-questions.md):
// a page that shows a form carries the form's questions in its HTML and its page data, so the form is complete at the
// first paint (no request, no shift). A page is rendered again when those questions change, like a job's page when its
// job does: on this instance at once (formQuestionsChanged), on the others within PUBLIC_LIST_TTL_MS.
import { QUESTION_FORMS, type BuiltPageDocument, type FormQuestion, type QuestionForm } from '@brightwave/common';
import { PUBLIC_LIST_TTL_MS, TtlCache } from '../common/ttl-cache';

/** The questions a page's forms ask, only of a form that has some (the site's `PageData.forms`). */
export type PageForms = Partial<Record<QuestionForm, FormQuestion[]>>;

/** The site's pages with a form of their own (a built page's forms are its blocks). */
const FORM_OF_PAGE: ReadonlyMap<string, QuestionForm> = new Map([
  ['/', 'quote'],
  ['/contact', 'contact'],
]);

/** The forms a page of the site shows (none for most). */
export function formsOfPath(pagePath: string): QuestionForm[] {
  const form = FORM_OF_PAGE.get(pagePath);
  return form ? [form] : [];
}

/** The forms a built page's blocks show. */
export function formsOfBuiltPage(document: BuiltPageDocument): QuestionForm[] {
  const shown = new Set(document.blocks.map((block) => (block.type === 'quoteForm' ? 'quote' : block.type === 'contactForm' ? 'contact' : undefined)));
  return QUESTION_FORMS.filter((form) => shown.has(form));
}

/** Every instance's copies of the questions (one per registered site: tests start several apps in one process). */
const copies = new Set<TtlCache<Buffer>>();

/**
 * Call after a form's questions are saved (FormsService): this instance's pages with that form are rendered again at
 * their next visit, other instances' within PUBLIC_LIST_TTL_MS.
 */
export function formQuestionsChanged(): void {
  for (const copy of copies) copy.clear();
}

/**
 * Both forms' questions as JSON bytes, cached briefly: equal bytes (the same Buffer while fresh) mean the pages
 * rendered with them are current.
 */
export class FormQuestionPages {
  private readonly copy = new TtlCache<Buffer>(PUBLIC_LIST_TTL_MS);

  constructor(private readonly questionsOf: (form: QuestionForm) => Promise<FormQuestion[]>) {
    copies.add(this.copy);
  }

  /** The questions' bytes (loaded when the copy is stale). */
  json(): Promise<Buffer> {
    return this.copy.get(async () => {
      const lists = await Promise.all(QUESTION_FORMS.map(async (form) => [form, await this.questionsOf(form)] as const));
      return Buffer.from(JSON.stringify(Object.fromEntries(lists)));
    });
  }

  /** The bytes while fresh, else undefined (the static files' hook then lets the page's handler look again). */
  fresh(): Buffer | undefined {
    return this.copy.fresh();
  }
}

/** The page data of `forms` from the questions' bytes: only the forms that have questions; none when none do. */
export function pageFormsOf(json: Buffer, forms: readonly QuestionForm[]): { forms?: PageForms } {
  const all = JSON.parse(json.toString('utf8')) as Record<QuestionForm, FormQuestion[]>;
  const shown: PageForms = {};
  for (const form of forms) if (all[form].length > 0) shown[form] = all[form];
  return Object.keys(shown).length > 0 ? { forms: shown } : {};
}
