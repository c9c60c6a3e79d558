import {
  CHOICE_QUESTION_TYPES,
  choiceAnswers,
  OWNER_FILTERS,
  REPORT_PERIODS,
  YES,
  type FormQuestion,
  type OwnerFilter,
  type ReportPeriod,
  type WorkItemKind,
} from '@brightwave/common';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { answerFilterChanged, channelFilterChanged, overdueFilterChanged, ownerFilterChanged, selectTableParams, type TableKey } from '../../app/tables-slice';
import type { FilterChip } from '../../components/filters-popover';
import { SelectField } from '../../components/ui/fields';
import { useGetChannelsQuery } from '../dashboard/dashboard-api';
import { channelChoices } from './channel-choices';
import { useGetAssigneesQuery } from './workspace-api';

const OWNER_FILTER_LABELS: Record<(typeof OWNER_FILTERS)[number], string> = { anyone: 'Anyone', me: 'Me', unassigned: 'Unassigned' };

/** The owner filter's choices: anyone, me, nobody, or one of the admins who may own items of the kind. */
function useOwnerOptions(kind: WorkItemKind) {
  const assignees = useGetAssigneesQuery(kind).data ?? [];
  return [
    ...OWNER_FILTERS.map((value) => ({ value, label: OWNER_FILTER_LABELS[value] })),
    ...assignees.map((person) => ({ value: person._id, label: person.name })),
  ];
}

/** The lists' workspace filters: whose items (anyone, me, nobody, one admin) and overdue only. */
export function WorkFilters({ table, kind }: { table: TableKey; kind: WorkItemKind }) {
  const params = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  const options = useOwnerOptions(kind);
  return (
    <>
      <SelectField
        label="Owner"
        value={params.owner}
        options={options}
        onChange={(event) => dispatch(ownerFilterChanged({ table, owner: event.target.value as OwnerFilter }))}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={params.overdue}
          onChange={(event) => dispatch(overdueFilterChanged({ table, overdue: event.target.checked }))}
        />
        Overdue only
      </label>
    </>
  );
}

/** The chips of the workspace filters chosen (the owner, overdue only); none on a view without them (spam). */
export function useWorkFilterChips(table: TableKey, kind: WorkItemKind, shown = true): FilterChip[] {
  const params = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  const options = useOwnerOptions(kind);
  if (!shown) return [];
  const owner = options.find((option) => option.value === params.owner)?.label;
  return [
    ...(params.owner !== 'anyone'
      ? [{ key: 'owner', name: 'Owner', value: owner ?? params.owner, onRemove: () => dispatch(ownerFilterChanged({ table, owner: 'anyone' })) }]
      : []),
    ...(params.overdue ? [{ key: 'overdue', name: 'Overdue', value: 'only', onRemove: () => dispatch(overdueFilterChanged({ table, overdue: false })) }] : []),
  ];
}

/** The chips of the channel filters chosen: the source and the medium as typed. */
export function useChannelFilterChips(table: TableKey): FilterChip[] {
  const params = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  return (
    [
      ['source', 'Source'],
      ['medium', 'Medium'],
    ] as const
  )
    .filter(([field]) => params[field].trim())
    .map(([field, name]) => ({ key: field, name, value: params[field].trim(), onRemove: () => dispatch(channelFilterChanged({ table, [field]: '' })) }));
}

/**
 * The period whose channels are the filters' choices: the longest the dashboard reports (its "Submissions by
 * channel", the same cached answer), so no extra endpoint and query; older values stay reachable by a link.
 */
const CHOICES_PERIOD: ReportPeriod = Math.max(...REPORT_PERIODS) as ReportPeriod;

/** One channel filter: the whole source or medium, any case (`google`, `direct`, `email`…), among the values met; empty is any. */
function ChannelFilter({
  table,
  kind,
  field,
  label,
  placeholder,
}: {
  table: TableKey;
  kind: WorkItemKind;
  field: 'source' | 'medium';
  label: string;
  placeholder: string;
}) {
  const chosen = useAppSelector((state) => selectTableParams(state, table))[field];
  const dispatch = useAppDispatch();
  const channels = useGetChannelsQuery(CHOICES_PERIOD).data?.channels ?? [];
  return (
    <SelectField
      label={label}
      value={chosen.trim()}
      placeholder={placeholder}
      options={channelChoices(channels, kind, field, chosen)}
      onChange={(event) => dispatch(channelFilterChanged({ table, [field]: event.target.value }))}
    />
  );
}

/** The lists' filters by where the items came from: the attribution's source and medium, as values the items have. */
export function ChannelFilters({ table, kind }: { table: TableKey; kind: WorkItemKind }) {
  return (
    <>
      <ChannelFilter table={table} kind={kind} field="source" label="Source" placeholder="Any source" />
      <ChannelFilter table={table} kind={kind} field="medium" label="Medium" placeholder="Any medium" />
    </>
  );
}

/** A choice, or the value a link asked for though the form no longer offers it (it stays chosen, under its own text). */
const withChosen = (choices: { value: string; label: string }[], chosen: string) =>
  chosen && !choices.some((choice) => choice.value === chosen) ? [...choices, { value: chosen, label: chosen }] : choices;

/** A choice question's answers as the filter offers them: its options, or Yes and No. */
const answerChoices = (question: FormQuestion | undefined) =>
  question ? choiceAnswers(question).map((answer) => ({ value: answer, label: question.type === 'checkbox' ? (answer === YES ? 'Yes' : 'No') : answer })) : [];

/**
 * The lists' filter by the answer of a choice question (select, multiselect, yes/no) of the form, `questions`: a
 * question, then one of its answers; the list filters once both are chosen. A question asked under another label
 * before is the same question (its id).
 */
export function AnswerFilters({ table, questions }: { table: TableKey; questions: FormQuestion[] }) {
  const { question, answer } = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  const choiceQuestions = questions.filter((asked) => (CHOICE_QUESTION_TYPES as readonly string[]).includes(asked.type));
  const chosen = choiceQuestions.find((asked) => asked.id === question);
  return (
    <>
      <SelectField
        label="Question"
        value={question}
        placeholder="Any question"
        options={withChosen(
          choiceQuestions.map((asked) => ({ value: asked.id, label: asked.label })),
          question,
        )}
        onChange={(event) => dispatch(answerFilterChanged({ table, question: event.target.value, answer: '' }))}
      />
      <SelectField
        label="Answer"
        value={answer}
        placeholder="Any answer"
        disabled={!question}
        options={withChosen(answerChoices(chosen), answer)}
        onChange={(event) => dispatch(answerFilterChanged({ table, question, answer: event.target.value }))}
      />
    </>
  );
}

/** The chip of the answer filter chosen: "Answer: <question>: <answer>". */
export function useAnswerFilterChips(table: TableKey, questions: FormQuestion[]): FilterChip[] {
  const { question, answer } = useAppSelector((state) => selectTableParams(state, table));
  const dispatch = useAppDispatch();
  if (!question || !answer) return [];
  const asked = questions.find((candidate) => candidate.id === question);
  const value = `${asked?.label ?? question}: ${answerChoices(asked).find((choice) => choice.value === answer)?.label ?? answer}`;
  return [{ key: 'answer', name: 'Answer', value, onRemove: () => dispatch(answerFilterChanged({ table, question: '', answer: '' })) }];
}
