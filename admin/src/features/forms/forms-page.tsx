import { MESSAGES, QUESTION_FORMS, type FormQuestion, type QuestionForm } from '@brightwave/common';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { LoadError, Loading } from '../../components/ui/feedback';
import { cardClasses } from '../../components/ui/table';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { LeaveGuard } from '../content/leave-guard';
import { useGetFormsQuery, useSaveFormQuestionsMutation } from './forms-api';
import { QuestionEditor } from './question-editor';
import { questionErrorsOf, useQuestionProblems } from './question-problems';

const FORM_LABELS: Record<QuestionForm, string> = { quote: 'Quote form', contact: 'Contact form' };
const isQuestionForm = (form: string | undefined): form is QuestionForm => (QUESTION_FORMS as readonly (string | undefined)[]).includes(form);

/**
 * `/admin/forms/:form`: the custom questions of the site's quote and contact forms (docs/features/form-questions.md),
 * for owners and sales. A job's questions are edited in the job's own form.
 */
export function FormsPage() {
  const { form: param } = useParams();
  const form: QuestionForm = isQuestionForm(param) ? param : 'quote';
  const { data, isLoading, isError, refetch } = useGetFormsQuery();
  const saved = data?.forms.find((entry) => entry.form === form)?.questions;

  return (
    <>
      <PageHeader title="Forms">
        <p className="mt-1 max-w-2xl text-sm text-gray-700">
          Questions the site's forms ask beside their own fields. A form without questions looks and works as it always has. Past answers keep the label and
          options they were given under.
        </p>
      </PageHeader>
      <nav aria-label="Forms" className="mb-4 flex gap-2">
        {QUESTION_FORMS.map((one) => (
          <Link
            key={one}
            to={`/forms/${one}`}
            className={buttonClasses(one === form ? 'primary' : 'secondary')}
            aria-current={one === form ? 'page' : undefined}
          >
            {FORM_LABELS[one]}
          </Link>
        ))}
      </nav>
      {saved ? (
        // Keyed by form: each starts from its saved questions.
        <FormQuestionsEditor key={form} form={form} saved={saved} />
      ) : isLoading ? (
        <Loading label="Loading the forms…" />
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} />
      ) : null}
    </>
  );
}

function FormQuestionsEditor({ form, saved: initial }: { form: QuestionForm; saved: FormQuestion[] }) {
  const [saved, setSaved] = useState(initial);
  const [questions, setQuestions] = useState(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [triedSave, setTriedSave] = useState(false);
  const [save, { isLoading: saving }] = useSaveFormQuestionsMutation();
  const problems = useQuestionProblems(questions, false);
  const savedIds = useMemo(() => new Set(saved.map((question) => question.id)), [saved]);
  const dirty = JSON.stringify(questions) !== JSON.stringify(saved);
  // After a refused save (the editor's checks or the server's), the first field with a problem takes the focus.
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0)
      formRef.current?.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"], [role="textbox"][aria-invalid="true"]')?.focus();
  }, [refusals]);

  function onChange(next: FormQuestion[]) {
    setQuestions(next);
    // The server's refusal was of the list as sent; once it changes, the editor's own checks speak.
    setServerErrors({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTriedSave(true);
    if (Object.keys(problems).length > 0) {
      toast.error(MESSAGES.validationFailed);
      setRefusals((count) => count + 1);
      return;
    }
    try {
      const answer = await save({ form, questions }).unwrap();
      setSaved(answer.data.questions);
      setQuestions(answer.data.questions);
      setTriedSave(false);
      toast.success(answer.message || MESSAGES.formQuestionsSaved);
    } catch (failure) {
      setServerErrors(questionErrorsOf(fieldErrorsOf(failure)));
      toast.error(errorMessage(failure, MESSAGES.formQuestionsSaveFailure));
      setRefusals((count) => count + 1);
    }
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      aria-label={`Questions of the ${FORM_LABELS[form].toLowerCase()}`}
      className={`${cardClasses} space-y-4 p-5`}
      noValidate
    >
      <LeaveGuard when={dirty} />
      <QuestionEditor questions={questions} onChange={onChange} job={false} savedIds={savedIds} errors={{ ...serverErrors, ...(triedSave ? problems : {}) }} />
      <div className="flex justify-end gap-3 border-t border-gray-200 pt-4">
        <button type="button" className={buttonClasses('secondary')} disabled={!dirty || saving} onClick={() => onChange(saved)}>
          Discard changes
        </button>
        <button type="submit" className={buttonClasses('primary')} disabled={saving}>
          Save {FORM_LABELS[form].toLowerCase()}
        </button>
      </div>
    </form>
  );
}
