/**
 * @jest-environment-options {"url": "http://127.0.0.1:29494/admin/"}
 */
// The job form's questions for applicants against a real HTTP server on the page's origin that answers as the contract says.
import { MESSAGES, QUESTION_MESSAGES, type FormQuestion, type Job, type JobPayload } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { JobFormDialog } from './job-form-dialog';

jest.setTimeout(30_000);

const permit: FormQuestion = { id: 'work-permit-ab12', label: 'Work permit?', type: 'checkbox', required: true, knockout: { answers: ['no'] } };
const job: Job = {
  _id: 'J1',
  id: 'J1',
  title: 'Designer',
  department: 'design',
  location: 'remote',
  type: 'full-time',
  experience: '2 years',
  description: 'Design things.',
  requirements: [],
  status: 'active',
  closesAt: null,
  questions: [permit],
  createdAt: '2026-02-01T09:00:00.000Z',
};

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() =>
  server.reset({
    'POST /api/jobs/admin': (body) => ok({ message: MESSAGES.jobCreated, data: { ...job, ...(body as JobPayload) } }),
    'PUT /api/jobs/admin/J1': (body) => ok({ message: MESSAGES.jobUpdated, data: { ...job, ...(body as JobPayload) } }),
  }),
);

function openForm(edited: Job | null) {
  render(
    <Provider store={makeStore()}>
      <JobFormDialog open job={edited} onClose={() => undefined} />
      <Toaster />
    </Provider>,
  );
}

const questionsSection = () => screen.getByRole('region', { name: 'Questions for applicants' });

describe(JobFormDialog.name, () => {
  it('posts a job with its questions, a knockout answer on a yes/no question among them', async () => {
    openForm(null);
    await userEvent.type(screen.getByRole('textbox', { name: 'Job Title' }), 'Developer');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Engineering');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Remote');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Full Time');
    await userEvent.type(screen.getByRole('textbox', { name: 'Experience' }), '3 years');
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), 'Build the site.');

    const section = questionsSection();
    await userEvent.selectOptions(await within(section).findByRole('combobox', { name: 'Kind of the new question' }), 'Yes or no');
    await userEvent.click(within(section).getByRole('button', { name: 'Add question' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'Label' }), 'Work permit?');
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Required' }));
    const knockout = within(section).getByRole('group', { name: 'Knock out applicants who answer Work permit? with' });
    await userEvent.click(within(knockout).getByRole('checkbox', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Post Job' }));

    expect(await screen.findByText(MESSAGES.jobCreated)).toBeInTheDocument();
    expect(server.sent('POST /api/jobs/admin')).toEqual([
      expect.objectContaining({
        title: 'Developer',
        questions: [
          { id: expect.stringMatching(/^work-permit-[a-z0-9]{4}$/), label: 'Work permit?', type: 'checkbox', required: true, knockout: { answers: ['no'] } },
        ],
      }),
    ]);
  });

  it("edits a job's questions keeping their ids, and offers knockouts only on choice questions", async () => {
    openForm(job);
    const section = questionsSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Add question' }));
    const added = within(section).getByRole('group', { name: 'Question 2: untitled' });
    await userEvent.type(within(added).getByRole('textbox', { name: 'Label' }), 'Notice period');
    expect(within(added).queryByRole('group', { name: /Knock out/ })).not.toBeInTheDocument();
    const label = within(within(section).getByRole('group', { name: 'Question 1: Work permit?' })).getByRole('textbox', { name: 'Label' });
    await userEvent.clear(label);
    await userEvent.type(label, 'Do you hold a work permit?');
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));

    expect(await screen.findByText(MESSAGES.jobUpdated)).toBeInTheDocument();
    const [sent] = server.sent('PUT /api/jobs/admin/J1') as JobPayload[];
    expect(sent?.questions).toEqual([
      { ...permit, label: 'Do you hold a work permit?' },
      { id: expect.stringMatching(/^notice-period-[a-z0-9]{4}$/), label: 'Notice period', type: 'text', required: false },
    ]);
  });

  it("shows the questions' problems and the server's refusal at their fields", async () => {
    server.answers['PUT /api/jobs/admin/J1'] = () => ({
      status: 400,
      body: { success: false, message: MESSAGES.validationFailed, errors: { 'questions.0.knockout.answers': QUESTION_MESSAGES.knockoutAnswers } },
    });
    openForm(job);
    const section = questionsSection();
    // The browser asks for an empty label itself (the field is required); the editor's checks cover the rest.
    await userEvent.selectOptions(await within(section).findByRole('combobox', { name: 'Kind of the new question' }), 'One choice from a list');
    await userEvent.click(within(section).getByRole('button', { name: 'Add question' }));
    await userEvent.type(within(section).getByRole('textbox', { name: 'Label', description: /follows the label/ }), 'Seniority');
    const option = within(within(section).getByRole('group', { name: 'Question 2: Seniority' })).getByRole('textbox', { name: 'Option 1' });
    await userEvent.clear(option);
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));
    expect(await screen.findByText(MESSAGES.validationFailed)).toBeInTheDocument();
    expect(option).toHaveAccessibleDescription(QUESTION_MESSAGES.questionOption);
    expect(server.sent('PUT /api/jobs/admin/J1')).toEqual([]);

    await userEvent.click(within(section).getByRole('button', { name: 'Remove question Seniority' }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Job' }));
    const knockout = await within(section).findByRole('group', { name: 'Knock out applicants who answer Work permit? with' });
    expect(knockout).toHaveAccessibleDescription(QUESTION_MESSAGES.knockoutAnswers);
    expect(server.sent('PUT /api/jobs/admin/J1')).toHaveLength(1);
  });
});
