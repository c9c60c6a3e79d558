import {
  MESSAGES,
  QUESTION_FORMS,
  normalizedQuestions,
  questionListProblems,
  type FormQuestion,
  type FormQuestions,
  type QuestionForm,
} from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import { sameJson } from '../audit/changed-fields';
import { DomainError } from '../common/domain-error';
import { PUBLIC_LIST_TTL_MS, TtlCache } from '../common/ttl-cache';
import { formQuestionsChanged } from '../static/form-question-pages';
import { FormQuestionsRepository } from './form-questions.repository';

const isQuestionForm = (form: string): form is QuestionForm => (QUESTION_FORMS as readonly string[]).includes(form);

/** The form a path names, or a 404 (a job's questions travel with the job, not here). */
function formOf(form: string): QuestionForm {
  if (!isQuestionForm(form)) throw DomainError.notFound(MESSAGES.formNotFound);
  return form;
}

/** The ids of the questions added, removed and changed by a save: the audit entry's details (no label is personal, but ids say enough). */
function questionChanges(before: FormQuestion[], after: FormQuestion[]): { added: string[]; removed: string[]; changed: string[]; reordered: boolean } {
  const old = new Map(before.map((question) => [question.id, question]));
  const kept = new Set(after.map((question) => question.id));
  const added = after.filter((question) => !old.has(question.id)).map((question) => question.id);
  const changed = after.filter((question) => old.has(question.id) && !sameJson(old.get(question.id), question)).map((question) => question.id);
  const removed = before.filter((question) => !kept.has(question.id)).map((question) => question.id);
  const order = (questions: FormQuestion[]) => questions.filter((question) => old.has(question.id) && kept.has(question.id)).map((question) => question.id);
  return { added, removed, changed, reordered: order(before).join() !== order(after).join() };
}

/**
 * The quote and contact forms' custom questions (docs/features/form-questions.md): the admin's lists, the rules of a
 * saved one (questionListProblems, the same the admin's editor shows), and the site's copy, cached briefly like the
 * public lists.
 */
@Injectable()
export class FormsService {
  private readonly published: Record<QuestionForm, TtlCache<FormQuestion[]>> = {
    quote: new TtlCache(PUBLIC_LIST_TTL_MS),
    contact: new TtlCache(PUBLIC_LIST_TTL_MS),
  };

  constructor(
    private readonly repository: FormQuestionsRepository,
    private readonly audit: AuditLog,
  ) {}

  /** Every form's questions, as the admin edits them (read fresh: a screen shows what is stored). */
  async list(): Promise<FormQuestions[]> {
    return Promise.all(QUESTION_FORMS.map(async (form) => ({ form, questions: await this.repository.questionsOf(form) })));
  }

  /**
   * The questions the site asks on the form (GET /api/forms/:form), or a 404 for another name: the same questions a
   * submission is checked against. Cached for PUBLIC_LIST_TTL_MS: a save on this instance applies at once, on
   * another within that time.
   */
  publicQuestions(form: string): Promise<FormQuestion[]> {
    const known = formOf(form);
    return this.published[known].get(() => this.repository.questionsOf(known));
  }

  /** Replaces the form's questions: a 400 with a message per field (`questions.2.label`) and nothing stored, else stored normalized. */
  async save(form: string, questions: unknown): Promise<FormQuestions> {
    const known = formOf(form);
    // Knockouts are a job's: a quote or contact form has nobody to screen out.
    const problems = questionListProblems(questions, { job: false });
    if (Object.keys(problems).length > 0) throw DomainError.invalid(MESSAGES.validationFailed, problems);
    const stored = normalizedQuestions(questions as FormQuestion[]);
    await this.repository.save(known, stored, (tx, before) =>
      this.audit.record(
        'settings.form_questions_changed',
        { kind: 'settings', id: `${known}_form_questions` },
        { form: known, questions: stored.length, ...questionChanges(before, stored) },
        { tx },
      ),
    );
    this.published[known].set(stored);
    // The pages that show this form render again on their next visit (other instances follow within the cache's time).
    formQuestionsChanged();
    return { form: known, questions: stored };
  }
}
