import type { FormQuestion, QuestionForm } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { AuditInTransaction } from '../audit/audit-log';
import { DATABASE, type Database } from '../database/database';
import { formQuestions } from '../database/schema';

/** The quote and contact forms' custom questions (a job's are a column of the job: jobs/). */
@Injectable()
export class FormQuestionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The form's questions, in order: none until an admin gives it some. */
  async questionsOf(form: QuestionForm): Promise<FormQuestion[]> {
    const [row] = await this.db.select({ questions: formQuestions.questions }).from(formQuestions).where(eq(formQuestions.form, form));
    return row?.questions ?? [];
  }

  /**
   * Replaces the form's questions; the audit entry (`audit`, given the questions before) is written in the same
   * transaction. The row is locked first, so two saves at once each see the other's questions as the ones before.
   */
  async save(form: QuestionForm, questions: FormQuestion[], audit: AuditInTransaction<FormQuestion[]>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ questions: formQuestions.questions }).from(formQuestions).where(eq(formQuestions.form, form)).for('update');
      await tx
        .insert(formQuestions)
        .values({ form, questions })
        .onConflictDoUpdate({ target: formQuestions.form, set: { questions, updatedAt: sql`now()` } });
      await audit(tx, before?.questions ?? []);
    });
  }
}
