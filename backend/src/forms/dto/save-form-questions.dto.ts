import { FORM_QUESTIONS_MAX, QUESTION_MESSAGES, QUESTION_TYPES, type BodyOf, type FormQuestion } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsArray } from 'class-validator';

/**
 * The questions of a form or a job as the OpenAPI document shows them (packages/common/src/form-questions.ts); each
 * question's fields are checked by the service with questionListProblems, so each refusal names its field
 * (`questions.2.label`) in the words the admin's editor shows.
 */
export const QUESTIONS_API_PROPERTY = {
  description:
    `The questions in order (at most ${FORM_QUESTIONS_MAX}): \`{ id, label, help?, type, required, options?, min?, max?, statement?, showIf?, knockout? }\`, ` +
    `\`type\` one of ${QUESTION_TYPES.join(', ')} (docs/features/form-questions.md)`,
  type: 'array',
  maxItems: FORM_QUESTIONS_MAX,
  items: { type: 'object', additionalProperties: true },
} as const;

/** PUT /api/admin/forms/:form: the form's whole list of questions (an empty list: none). */
export class SaveFormQuestionsDto implements BodyOf<'PUT /api/admin/forms/:form'> {
  @ApiProperty(QUESTIONS_API_PROPERTY)
  @IsArray({ message: QUESTION_MESSAGES.questionsShape })
  questions: FormQuestion[];
}
