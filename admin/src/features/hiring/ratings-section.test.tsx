/**
 * @jest-environment-options {"url": "http://127.0.0.1:29461/admin/"}
 */
// The ratings on an application's page, against a real HTTP server on the page's origin that answers as the contract says.
import { MESSAGES, RATING_COMMENT_MAX_LENGTH, type ApplicationRating, type ApplicationRatings } from '@brightwave/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../../test/answering-server';
import { application, me, openApplicationSection, startAnsweringServer } from './hiring-test-setup';
import { RatingsSection } from './ratings-section';

const colleague = { _id: 'a-other', name: 'Olga Owner' };

const theirs: ApplicationRating = { author: colleague, score: 4, comment: 'Great portfolio.', updatedAt: '2026-03-02T10:00:00.000Z' };

const server = startAnsweringServer();

let ratings: ApplicationRatings;

beforeEach(() => {
  ratings = { ratings: [theirs], average: 4 };
  server.reset({
    'GET /api/admin/account': () => ok({ account: me }),
    'GET /api/jobs/applications/P1': () => ok({ data: application }),
    'GET /api/jobs/applications/P1/ratings': () => ok({ data: ratings }),
    'GET /api/jobs/applications/P1/emails': () => ok({ emails: [] }),
    'GET /api/admin/settings/candidate-emails': () => ok({ templates: [], settings: { bookingLink: null, rejectionTemplateId: null } }),
  });
});

const openApplication = () => openApplicationSection('Ratings');

describe(RatingsSection.name, () => {
  it('shows the average and each rating with its author, score, comment and date', async () => {
    const section = await openApplication();
    expect(await within(section).findByText('Average 4 from 1 rating')).toBeInTheDocument();
    const rating = within(section).getByRole('article', { name: 'Rating by Olga Owner' });
    expect(rating).toHaveTextContent('Strong yes');
    expect(rating).toHaveTextContent('Great portfolio.');
    expect(within(rating).getByText(/2026/)).toHaveAttribute('dateTime', theirs.updatedAt);
  });

  it('says when nobody has rated the application yet', async () => {
    ratings = { ratings: [], average: null };
    const section = await openApplication();
    expect(await within(section).findByText('Not rated yet')).toBeInTheDocument();
    expect(within(section).queryAllByRole('article')).toEqual([]);
  });

  it('saves my score and comment, toasts the answer and shows the new average', async () => {
    server.answers['PUT /api/jobs/applications/P1/rating'] = (body) => {
      const { score, comment } = body as { score: 1 | 2 | 3 | 4; comment: string };
      ratings = { ratings: [{ author: { _id: me._id, name: me.name }, score, comment, updatedAt: '2026-03-03T10:00:00.000Z' }, theirs], average: 3.5 };
      return ok({ message: MESSAGES.ratingSaved, data: ratings });
    };
    const section = await openApplication();
    const yourRating = await within(section).findByRole('group', { name: 'Your rating' });
    expect(
      within(yourRating)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Strong no', 'No', 'Yes', 'Strong yes']);
    expect(within(section).getByRole('button', { name: 'Save rating' })).toBeDisabled();

    await userEvent.click(within(yourRating).getByRole('radio', { name: 'Yes' }));
    const comment = within(section).getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment).toHaveAttribute('maxLength', String(RATING_COMMENT_MAX_LENGTH));
    await userEvent.type(comment, ' Good, a bit junior. ');
    expect(within(section).getByText(`21 / ${RATING_COMMENT_MAX_LENGTH} characters`)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Save rating' }));

    expect(await screen.findByText(MESSAGES.ratingSaved)).toBeInTheDocument();
    expect(server.sent('PUT /api/jobs/applications/P1/rating')).toEqual([{ score: 3, comment: 'Good, a bit junior.' }]);
    expect(await within(section).findByText('Average 3.5 from 2 ratings')).toBeInTheDocument();
    expect(within(section).getByRole('article', { name: 'Rating by Rita Recruiter' })).toHaveTextContent('Yes');
  });

  it('starts from my own rating when I rated before', async () => {
    ratings = {
      ratings: [{ author: { _id: me._id, name: me.name }, score: 2, comment: 'Not for this role.', updatedAt: '2026-03-03T10:00:00.000Z' }],
      average: 2,
    };
    const section = await openApplication();
    await waitFor(() => expect(within(section).getByRole('radio', { name: 'No' })).toBeChecked());
    expect(within(section).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Not for this role.');
    expect(within(section).getByRole('button', { name: 'Save rating' })).toBeEnabled();
  });
});
