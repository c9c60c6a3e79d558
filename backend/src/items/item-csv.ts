import { statusLabelOf, type Attribution, type FormQuestion, type StoredAnswer, type WorkItemKind } from '@brightwave/common';
import { ATTRIBUTION_CSV_HEADERS, attributionCells } from '../attribution/attribution';
import { csvDate, type CsvColumns, type CsvValue } from '../common/csv';
import type { AnsweredQuestion } from './answered-questions.repository';
import type { ItemRowBase } from './item-kind';

/** One column of a kind's own in its CSV export: the header, and the cell of a row. */
export type OwnCsvColumn<Row> = [header: string, cell: (row: Row) => CsvValue];

/**
 * A kind's CSV export: the columns the admin app has always exported (the sender's name and address, the kind's own,
 * its status as a person reads it and when it was received), then the attribution's.
 */
export function itemCsv<Row extends ItemRowBase & Attribution>(kind: WorkItemKind, sender: (row: Row) => string, own: OwnCsvColumn<Row>[]): CsvColumns<Row> {
  return {
    headers: ['Name', 'Email', ...own.map(([header]) => header), 'Status', 'Received', ...ATTRIBUTION_CSV_HEADERS],
    cells: (row, timeZone) => [
      sender(row),
      row.email,
      ...own.map(([, cell]) => cell(row)),
      statusLabelOf(kind, row.status),
      csvDate(row.createdAt, timeZone),
      ...attributionCells(row),
    ],
  };
}

/**
 * An export's columns with one more per custom question, after every other (a form with no questions exports as it
 * always did): the form's or job's questions now, in their order and under their labels now, then the questions it
 * no longer has that the exported rows answered, by the label of their newest answer. A column is a question (its
 * id), so a renamed question keeps its answers in one column; a label met twice is told apart by the question's id.
 * A cell is the answer as a person reads it, as it was given.
 */
export function withAnswerColumns<Row extends { answers: StoredAnswer[] }>(
  columns: CsvColumns<Row>,
  current: Pick<FormQuestion, 'id' | 'label'>[],
  answered: AnsweredQuestion[],
): CsvColumns<Row> {
  const currentIds = new Set(current.map((question) => question.id));
  const gone = answered.filter((question) => !currentIds.has(question.id)).sort((a, b) => a.label.localeCompare(b.label));
  const questions = [...current, ...gone];
  if (questions.length === 0) return columns;
  const taken = new Set(columns.headers);
  const headers = questions.map(({ id, label }) => {
    const header = taken.has(label) ? `${label} (${id})` : label;
    taken.add(header);
    return header;
  });
  return {
    headers: [...columns.headers, ...headers],
    cells: (row, timeZone) => [...columns.cells(row, timeZone), ...questions.map(({ id }) => row.answers.find((answer) => answer.id === id)?.text)],
  };
}
