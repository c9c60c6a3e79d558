import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@brightwave/common';
import { AttributionReader } from '../attribution/attribution-reader';
import type { AuditLog } from '../audit/audit-log';
import type { AppConfig } from '../config/app-config';
import type { JobRow } from '../database/schema';
import type { DeliveryWorker } from '../deliveries/delivery-worker';
import type { ItemStatuses } from '../items/item-statuses';
import type { NotificationPlan } from '../deliveries/notification-plan';
import { FormTokens } from '../spam-triage/form-tokens';
import { LocalResumeStorage } from '../storage/local-resume-storage';
import { dataUrl, samplePdf } from '../../test/fixtures/resume-samples';
import { ApplicationsRepository, type InsertOutcome } from './applications.repository';
import { ApplicationsService } from './applications.service';
import type { CandidateMails } from '../hiring/candidate-mails';
import type { ApplyDto } from './dto/apply.dto';
import { JobsRepository } from '../jobs/jobs.repository';

// Unit test of the service alone: the repositories are replaced to reach the failures a real database
// cannot be made to produce on demand; the storage is the real one, on a temporary folder.
describe(ApplicationsService.name, () => {
  const job = { id: '11111111-1111-4111-8111-111111111111', status: 'active', questions: [] } as unknown as JobRow;
  const dto: ApplyDto = {
    job: job.id,
    fullName: 'Jane Doe',
    email: 'jane@example.com',
    phone: '+15551234567',
    experience: '3 years',
    resume: dataUrl(samplePdf()),
  };
  let uploadsDir: string;
  let storage: LocalResumeStorage;

  beforeEach(() => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-uploads-'));
    storage = new LocalResumeStorage({ storage: { uploadsDir } } as AppConfig);
  });
  afterEach(() => fs.rmSync(uploadsDir, { recursive: true, force: true }));

  function serviceWhereInsert(insert: () => Promise<InsertOutcome>): ApplicationsService {
    const jobs = { findById: async () => job } as unknown as JobsRepository;
    const applications = {
      insertForActiveJob: insert,
      hasApplied: async () => false,
      receivedSince: async () => ({ count: 0, resumeBytes: 0 }),
    } as unknown as ApplicationsRepository;
    const limits = { limits: { applyDailyMaxApplications: 100, applyDailyMaxResumeBytes: 100 * 1024 * 1024 }, storage: { uploadsMinFreeBytes: 0 } };
    // No one to notify here: the outbox has tests of its own.
    const notifications = { for: async () => ({ messages: [] }) } as unknown as NotificationPlan;
    const deliveries = { wake: () => undefined } as unknown as DeliveryWorker;
    // Applying is a visitor's action: nothing is audited.
    const audit = {} as AuditLog;
    const formTokens = new FormTokens({ keys: { formToken: Buffer.alloc(32, 7) }, spam: { formMinFillMs: 3000 } } as AppConfig);
    const attribution = new AttributionReader({ server: { publicUrl: 'https://www.example.com' } } as AppConfig);
    // Applying changes no status.
    const statuses = {} as ItemStatuses;
    // No knockout question: no rejection mail is composed.
    const candidateMails = {} as CandidateMails;
    return new ApplicationsService(
      limits as AppConfig,
      applications,
      jobs,
      storage,
      notifications,
      deliveries,
      audit,
      formTokens,
      attribution,
      statuses,
      candidateMails,
    );
  }

  it('deletes the stored resume when the database insert fails, and passes the failure on', async () => {
    const failure = new Error('connection lost');
    const service = serviceWhereInsert(async () => {
      expect(fs.readdirSync(uploadsDir)).toHaveLength(1); // the file was written before the insert
      throw failure;
    });
    await expect(service.apply(dto)).rejects.toBe(failure);
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
  });

  it('deletes the stored resume and answers 404 when the job was deleted meanwhile', async () => {
    const service = serviceWhereInsert(async () => ({ outcome: 'job-missing' }));
    await expect(service.apply(dto)).rejects.toMatchObject({ code: 'not-found', message: MESSAGES.jobNotFound });
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
  });

  it('deletes the stored resume and answers 409 when the job was closed meanwhile', async () => {
    const service = serviceWhereInsert(async () => ({ outcome: 'job-not-active' }));
    await expect(service.apply(dto)).rejects.toMatchObject({ code: 'conflict', message: MESSAGES.jobNotOpen });
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
  });

  it('deletes the stored resume and answers 409 when the same applicant got in first meanwhile', async () => {
    const service = serviceWhereInsert(async () => ({ outcome: 'already-applied' }));
    await expect(service.apply(dto)).rejects.toMatchObject({ code: 'conflict', message: MESSAGES.alreadyApplied });
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
  });
});
