import { isQuestionShown, isSafeLink, type FormAnswers, type FormQuestion, type RichBlock, type RichDocument, type RichInline } from '@brightwave/common';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { inputClasses, labelClasses } from '../../components/ui/fields';

/** A consent's statement as the site shows it: paragraphs, headings, lists, bold, italic and links. */
function Inlines({ content }: { content: RichInline[] | undefined }) {
  return (
    <>
      {(content ?? []).map((inline, index) => {
        if (inline.type === 'hardBreak') return <br key={index} />;
        let node: ReactNode = inline.text;
        for (const mark of inline.marks ?? []) {
          if (mark.type === 'bold') node = <strong>{node}</strong>;
          else if (mark.type === 'italic') node = <em>{node}</em>;
          else if (mark.attrs?.href && isSafeLink(mark.attrs.href))
            node = (
              <a className="text-blue-800 underline" href={mark.attrs.href} target="_blank" rel="noopener noreferrer">
                {node}
              </a>
            );
        }
        return <span key={index}>{node}</span>;
      })}
    </>
  );
}

function Blocks({ blocks }: { blocks: RichBlock[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        if (block.type === 'paragraph') return <p key={index}>{<Inlines content={block.content} />}</p>;
        if (block.type === 'heading')
          return (
            <p key={index} className="font-semibold">
              {<Inlines content={block.content} />}
            </p>
          );
        const List = block.type === 'bulletList' ? 'ul' : 'ol';
        return (
          <List key={index} className={block.type === 'bulletList' ? 'list-disc pl-5' : 'list-decimal pl-5'}>
            {block.content.map((item, at) => (
              <li key={at}>
                <Blocks blocks={item.content} />
              </li>
            ))}
          </List>
        );
      })}
    </>
  );
}

function Statement({ doc }: { doc: RichDocument | undefined }) {
  return <Blocks blocks={Array.isArray(doc?.content) ? doc.content : []} />;
}

/** One question's control as a visitor meets it: typed answers are read-only here, choices can be tried (conditions react). */
function PreviewControl({
  question,
  id,
  describedBy,
  value,
  onAnswer,
}: {
  question: FormQuestion;
  id: string;
  describedBy: string | undefined;
  value: unknown;
  onAnswer: (value: unknown) => void;
}) {
  const common = { id, 'aria-describedby': describedBy, 'aria-required': question.required || undefined };
  switch (question.type) {
    case 'textarea':
      return <textarea {...common} className={inputClasses} rows={3} readOnly />;
    case 'select':
      return (
        <select {...common} className={inputClasses} value={typeof value === 'string' ? value : ''} onChange={(event) => onAnswer(event.target.value)}>
          <option value="">Choose…</option>
          {(question.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'date':
    case 'number':
    case 'email':
    case 'url':
    case 'text':
    case 'phone': {
      const type = { text: 'text', phone: 'tel', email: 'email', url: 'url', number: 'number', date: 'date' }[question.type];
      return <input {...common} type={type} className={inputClasses} min={question.min} max={question.max} readOnly />;
    }
    default:
      return null;
  }
}

/** The preview sits inside the editor's form: Enter in one of its fields would save the form. */
function keepEnterInPreview(event: KeyboardEvent<HTMLElement>) {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}

/**
 * The form's questions as the site renders them, in order, each shown when its condition is met: choices can be tried
 * to see the conditions work, typed fields are read-only (nothing here is sent).
 */
export function QuestionPreview({ questions }: { questions: FormQuestion[] }) {
  const prefix = useId();
  const [answers, setAnswers] = useState<FormAnswers>({});
  const answer = (id: string, value: unknown) => setAnswers((current) => ({ ...current, [id]: value }));
  const shown = questions.filter((question) => isQuestionShown(question, answers));
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Enter in a preview field must not submit the editor's form.
    <section aria-label="Preview" className="rounded-md border border-dashed border-gray-400 bg-gray-50 p-4" onKeyDown={keepEnterInPreview}>
      <h3 className="mb-1 text-base font-semibold text-gray-900">Preview</h3>
      <p className="mb-3 text-xs text-gray-700">How the questions show on the site, below the form's own fields. Try the choices to see the conditions.</p>
      {shown.length === 0 ? (
        <p className="text-sm text-gray-700">No questions: the form shows only its own fields.</p>
      ) : (
        <div className="space-y-4">
          {shown.map((question, index) => {
            const id = `${prefix}-${index}`;
            const helpId = question.help ? `${id}-help` : undefined;
            const label = question.label || 'Untitled question';
            const value = answers[question.id];
            const help = question.help ? (
              <p id={helpId} className="mt-1 text-xs text-gray-700">
                {question.help}
              </p>
            ) : null;
            const star = question.required ? (
              <span aria-hidden="true" className="text-red-700">
                {' '}
                *
              </span>
            ) : null;
            if (question.type === 'multiselect') {
              const chosen = Array.isArray(value) ? (value as string[]) : [];
              return (
                <fieldset key={question.id} aria-describedby={helpId}>
                  <legend className={labelClasses}>
                    {label}
                    {star}
                  </legend>
                  {(question.options ?? []).map((option) => (
                    <label key={option} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={chosen.includes(option)}
                        onChange={(event) => answer(question.id, event.target.checked ? [...chosen, option] : chosen.filter((one) => one !== option))}
                      />
                      {option}
                    </label>
                  ))}
                  {help}
                </fieldset>
              );
            }
            if (question.type === 'checkbox' || question.type === 'consent') {
              return (
                <div key={question.id}>
                  <label htmlFor={id} className="flex items-start gap-2 text-sm text-gray-800">
                    <input
                      id={id}
                      type="checkbox"
                      aria-describedby={helpId}
                      checked={value === true}
                      onChange={(event) => answer(question.id, event.target.checked)}
                    />
                    <span>
                      {label}
                      {star}
                    </span>
                  </label>
                  {question.type === 'consent' && (
                    <div className="mt-1 space-y-1 pl-6 text-xs text-gray-700">
                      <Statement doc={question.statement} />
                    </div>
                  )}
                  {help}
                </div>
              );
            }
            return (
              <div key={question.id}>
                <label htmlFor={id} className={labelClasses}>
                  {label}
                  {star}
                </label>
                <PreviewControl question={question} id={id} describedBy={helpId} value={value} onAnswer={(next) => answer(question.id, next)} />
                {help}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
