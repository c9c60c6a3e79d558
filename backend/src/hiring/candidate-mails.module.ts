import { Module } from '@nestjs/common';
import { CandidateMails } from './candidate-mails';
import { HiringRepository } from './hiring.repository';

/**
 * Candidate mails as they are composed and written: hiring's, and the applications' (a knocked-out application's
 * rejection is scheduled as a recruiter's rejection is). Its own module, so applications can use it while hiring
 * builds on applications.
 */
@Module({
  providers: [CandidateMails, HiringRepository],
  exports: [CandidateMails, HiringRepository],
})
export class CandidateMailsModule {}
