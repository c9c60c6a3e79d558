// The forms' custom question fields (components/question-fields.tsx, docs/features/form-questions.md): a chunk of their
// own, asked for only by a form that has questions. When the server rendered them, the page shows them as it sent
// them until the visitor first focuses something (a click in a field does), and only then fetches their code: the page's first load
// stays within its budget whatever the forms ask. Elsewhere (a navigation inside the site, the apply dialog) at once.
import { lazy } from 'react';

export const QuestionFields = lazy(async () => {
  if (globalThis.document?.querySelector('[name^="answers."]')) {
    await new Promise((acted) => addEventListener('focusin', acted, { once: true }));
  }
  return import('../components/question-fields');
});
