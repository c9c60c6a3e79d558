import { Module } from '@nestjs/common';
import { LocalResumeStorage } from './local-resume-storage';
import { ResumeStorage } from './resume-storage';

@Module({
  providers: [{ provide: ResumeStorage, useClass: LocalResumeStorage }],
  exports: [ResumeStorage],
})
export class StorageModule {}
