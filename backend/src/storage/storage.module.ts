import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LocalResumeStorage } from './local-resume-storage';
import { createMediaStorage, MediaStorage } from './media-storage';
import { ResumeStorage } from './resume-storage';
import { S3ResumeStorage } from './s3-resume-storage';

/** The bucket of STORAGE_URL when it is set, else the local folder (UPLOADS_DIR). */
export function createResumeStorage(config: AppConfig): ResumeStorage {
  return config.storage.resumeBucket ? new S3ResumeStorage(config) : new LocalResumeStorage(config);
}

@Module({
  providers: [
    { provide: ResumeStorage, useFactory: createResumeStorage, inject: [APP_CONFIG] },
    { provide: MediaStorage, useFactory: createMediaStorage, inject: [APP_CONFIG] },
  ],
  exports: [ResumeStorage, MediaStorage],
})
export class StorageModule {}
