// What the screens holding a question editor need without loading it (the editor is a chunk of its own).
import { questionListProblems, type FormQuestion } from '@brightwave/common';
import { useMemo } from 'react';

/** What is wrong with the list now (questionListProblems, the server's own rules), by path: `questions.2.label`. */
export function useQuestionProblems(questions: FormQuestion[], job: boolean): Record<string, string> {
  return useMemo(() => questionListProblems(questions, { job }), [questions, job]);
}

/** The errors of the question list among a form's (`questions…` paths): the server's 400, or the editor's own checks. */
export function questionErrorsOf(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => path === 'questions' || path.startsWith('questions.')));
}
