import { ITEM_KINDS, JOB_DEPARTMENT_LABELS, MESSAGES, type JobApplication } from '@brightwave/common';
import { eq } from 'drizzle-orm';
import { applicationRatings, jobApplications, jobs, type JobApplicationRow, type JobRow } from '../database/schema';
import { itemCsv } from '../items/item-csv';
import { answerFields, itemNames, optionalField, type ItemKind } from '../items/item-kind';
import { toJobApplication } from './application.mapper';

/** An application with what it names of its job (its job always exists: a job's applications go with it). */
export type ApplicationRecord = JobApplicationRow & { job: Pick<JobRow, 'id' | 'title' | 'department'> };

/** What the mails, chat posts and timeline show of an application. */
type ApplicationSubject = Pick<ApplicationRecord, 'fullName' | 'email' | 'phone' | 'experience' | 'coverLetter' | 'portfolio' | 'answers' | 'knockout' | 'job'>;

const sender = (application: Pick<JobApplicationRow, 'fullName'>) => application.fullName;

/** The job applications (`job_applications`): the recruiters' items, one notification route per job department. */
export const APPLICATION_KIND = {
  ...ITEM_KINDS.application,
  ...itemNames('application'),
  table: jobApplications,
  columns: {
    ...jobApplications,
    name: jobApplications.fullName,
    search: [jobApplications.fullName, jobApplications.email],
    fileKey: jobApplications.resumeKey,
  },
  idParam: 'applicationId',
  cascades: [applicationRatings],
  texts: { one: 'application', form: 'apply', created: MESSAGES.applicationSuccess, notFound: MESSAGES.applicationNotFound },
  sender,
  toItem: toJobApplication,
  exported: (application) => ({ ...toJobApplication(application), jobTitle: application.job.title }),
  csv: itemCsv<JobApplicationRow>('application', sender, [
    ['Phone', (application) => application.phone],
    ['Experience', (application) => application.experience],
    ['Portfolio', (application) => application.portfolio],
    ['Cover Letter', (application) => application.coverLetter],
  ]),
  route: (application: { job: Pick<JobRow, 'department'> }) => `application.${application.job.department}`,
  records: async (db, where) => {
    const found = await db
      .select({ application: jobApplications, job: { id: jobs.id, title: jobs.title, department: jobs.department } })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(where);
    return found.map((row): ApplicationRecord => ({ ...row.application, job: row.job }));
  },
  mails: (application: ApplicationSubject) => {
    const { job } = application;
    const department = JOB_DEPARTMENT_LABELS[job.department] ?? job.department;
    return {
      staff: {
        subject: `New application: ${application.fullName} for ${job.title}`,
        paragraph: `${application.fullName} applied for ${job.title} (${department}). The resume is in the admin app.`,
        fields: [
          ['Position', job.title],
          ['Name', application.fullName],
          ['Email', application.email],
          ['Phone', application.phone],
          ['Experience', application.experience],
          ...optionalField('Portfolio', application.portfolio),
          ...optionalField('Cover letter', application.coverLetter),
          ...answerFields(application.answers),
          // Rejected on arrival: the staff see why at once.
          ...optionalField('Knocked out by', application.knockout && `${application.knockout.label}: ${application.knockout.text}`),
        ],
        link: 'Open the application',
      },
      itemName: `the application of ${application.fullName} for ${job.title}`,
      confirmation: {
        subject: `We received your application for ${job.title}`,
        paragraph: `Thank you for applying for ${job.title}. Our team reads every application and will contact you by e-mail about the next steps.`,
        fields: [
          ['Position', job.title],
          ['Department', department],
        ],
      },
    };
  },
  chat: (application: ApplicationSubject) => ({ aboutTitle: 'Job', about: application.job.title }),
  submitted: (application: ApplicationSubject) => `Applied for ${application.job.title}`,
} satisfies ItemKind<'application', { row: JobApplicationRow; record: ApplicationRecord; subject: ApplicationSubject; item: JobApplication }>;
