import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { loggableError } from '../common/loggable-error';
import { ResumeStorage } from '../storage/resume-storage';
import { S3ResumeStorage } from '../storage/s3-resume-storage';
import { ApplicationsRepository } from './applications.repository';

const BATCH = 500;

/**
 * Versions before the bucket's key prefix stored each resume at the bucket's root under its bare UUID. At every
 * start (in the background: the server answers meanwhile, reading either place), the root objects an application
 * names are moved under the prefix, where the orphan sweep, backups and `restore --force` list them. A UUID-named
 * object no application names is left alone: it may be an orphan of ours, or belong to whoever else uses the bucket,
 * and only the latter's loss would be irreparable. Several instances starting together may move the same object:
 * copying and deleting are idempotent, so no lock is needed.
 */
@Injectable()
export class LegacyResumeObjects implements OnApplicationBootstrap {
  private readonly logger = new Logger(LegacyResumeObjects.name);

  constructor(
    private readonly storage: ResumeStorage,
    private readonly applications: ApplicationsRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!(this.storage instanceof S3ResumeStorage)) return;
    void this.moveUnderPrefix().catch((error: unknown) =>
      this.logger.error(`moving resumes from the bucket's root under its prefix failed (they stay readable there): ${loggableError(error)}`),
    );
  }

  /** Answers how many objects were moved and how many UUID-named root objects were left alone. */
  async moveUnderPrefix(): Promise<{ moved: number; leftAlone: number }> {
    if (!(this.storage instanceof S3ResumeStorage)) return { moved: 0, leftAlone: 0 };
    const names = await this.storage.uuidsAtRoot();
    let moved = 0;
    for (let start = 0; start < names.length; start += BATCH) {
      const batch = names.slice(start, start + BATCH);
      const named = await this.applications.existingResumeKeys(batch);
      for (const key of batch.filter((name) => named.has(name))) {
        await this.storage.moveUnderPrefix(key);
        moved++;
      }
    }
    const leftAlone = names.length - moved;
    if (moved > 0) this.logger.log(`moved ${moved} resume(s) an older version stored at the bucket's root under its key prefix`);
    if (leftAlone > 0) {
      this.logger.warn(`${leftAlone} object(s) at the bucket's root are named like resumes but no application names them: left alone`);
    }
    return { moved, leftAlone };
  }
}
