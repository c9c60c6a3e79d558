import { lazy, Suspense, type ComponentProps } from 'react';
// A type only: the editor's code stays in its own chunk.
import type { QuestionEditor as Editor } from './question-editor';

// The question editor and its preview are a chunk of their own, loaded when a job's form is first opened: the jobs
// list does not carry them.
const QuestionEditor = lazy(() => import('./question-editor').then((m) => ({ default: m.QuestionEditor })));

export function LazyQuestionEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<p className="text-sm text-gray-700">Loading the question editor…</p>}>
      <QuestionEditor {...props} />
    </Suspense>
  );
}
