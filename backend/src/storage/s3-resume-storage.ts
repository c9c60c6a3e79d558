import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import type { ResumeBucketConfig } from '../config/resume-bucket-url';
import { isId } from '../common/ids';
import { ResumeStorage } from './resume-storage';

// A bucket that does not answer must fail an application in seconds, not hold it until the client gives up.
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
// The most S3 answers in one page of a listing.
const LIST_PAGE_SIZE = 1000;

/** A folder of the bucket other than the resumes': its prefix and the keys it holds. */
export interface BucketFolder {
  prefix: string;
  isKey: (key: string) => boolean;
}

/**
 * Resumes as private objects of an S3-compatible bucket (STORAGE_URL), each named `<prefix><random UUID>`. The bucket
 * may hold other objects (another application's, backups): listings ask for the prefix alone, so the orphan sweep
 * and `restore --force` never see, let alone delete, anything else. Nothing is ever made public: downloads go through
 * the admin-only route, which reads the bytes here.
 *
 * Versions before the prefix stored a resume at the bucket's root under its bare UUID: such an object is still read
 * and deleted by its key, and moved under the prefix at start once an application is found to name it
 * (LegacyResumeObjects).
 *
 * Given another folder (a prefix and the keys it holds), other files the same way, without that look at the root
 * (the site's pictures: MediaStorage).
 */
export class S3ResumeStorage extends ResumeStorage implements OnApplicationShutdown {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly isKey: (key: string) => boolean;
  /** Resumes only: an older version stored them at the root. */
  private readonly olderAtRoot: boolean;
  private readonly listPageSize: number;

  /** `listPageSize` below S3's 1,000 lets a test walk several pages of a listing without writing thousands. */
  constructor(config: AppConfig, { listPageSize = LIST_PAGE_SIZE, folder }: { listPageSize?: number; folder?: BucketFolder } = {}) {
    super();
    const bucket = config.storage.resumeBucket as ResumeBucketConfig;
    this.bucket = bucket.bucket;
    this.prefix = folder?.prefix ?? bucket.prefix;
    this.isKey = folder?.isKey ?? isId;
    this.olderAtRoot = folder === undefined;
    this.listPageSize = listPageSize;
    this.client = new S3Client({
      endpoint: bucket.endpoint,
      region: bucket.region,
      // Servers other than Amazon's rarely have a DNS name per bucket.
      forcePathStyle: bucket.endpoint !== undefined,
      // Checksums only where S3 requires them: several S3-compatible servers refuse the SDK's newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  async saveAs(key: string, bytes: Buffer): Promise<void> {
    if (!this.isKey(key)) throw new Error(this.olderAtRoot ? `Not a resume key: ${key}` : `Not a key of ${this.prefix}: ${key}`);
    // One PUT: an object appears whole or not at all, so there are no partial files to clean up.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: bytes, ContentType: 'application/octet-stream' }));
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!this.isKey(key)) return undefined;
    if (!this.olderAtRoot) return this.readObject(this.objectKey(key));
    // Under the prefix; else where an older version put it; else under the prefix once more, in case it was moved
    // there between the two reads.
    return (await this.readObject(this.objectKey(key))) ?? (await this.atRoot(this.readObject(key), undefined)) ?? (await this.readObject(this.objectKey(key)));
  }

  async delete(key: string): Promise<void> {
    if (!this.isKey(key)) return;
    if (!this.olderAtRoot) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return;
    }
    // S3 answers success for a key without an object: deleting is idempotent as the interface asks. The bare UUID
    // is where an older version stored this resume.
    await Promise.all([
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })),
      this.atRoot(this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })), undefined),
    ]);
  }

  /** A bucket has no free space to speak of. */
  freeBytes(): Promise<number | undefined> {
    return Promise.resolve(undefined);
  }

  async keysOlderThan(before: Date): Promise<string[]> {
    const keys: string[] = [];
    for (const [key, object] of await this.objects()) if (object.lastModified < before) keys.push(key);
    return keys;
  }

  /** Every resume object's size and time of writing, by key (moving files into the bucket compares sizes). */
  async objects(): Promise<Map<string, { size: number; lastModified: Date }>> {
    const objects = new Map<string, { size: number; lastModified: Date }>();
    const listing = paginateListObjectsV2({ client: this.client, pageSize: this.listPageSize }, { Bucket: this.bucket, Prefix: this.prefix });
    for await (const page of listing) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length);
        if (!key || !this.isKey(key)) continue;
        objects.set(key, { size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });
      }
    }
    return objects;
  }

  /** The names at the bucket's root (not in any folder) that are UUIDs: resumes of an older version, or not ours. */
  async uuidsAtRoot(): Promise<string[]> {
    const names: string[] = [];
    // With a delimiter, S3 lists the root's own objects and only names its folders (CommonPrefixes).
    const listing = paginateListObjectsV2({ client: this.client, pageSize: this.listPageSize }, { Bucket: this.bucket, Delimiter: '/' });
    const list = async () => {
      for await (const page of listing) {
        for (const object of page.Contents ?? []) if (object.Key && isId(object.Key)) names.push(object.Key);
      }
      return names;
    };
    return this.atRoot(list(), []);
  }

  /** Moves the object an older version stored at the root as `key` under the prefix: copied, then deleted. */
  async moveUnderPrefix(key: string): Promise<void> {
    if (!isId(key)) throw new Error(`Not a resume key: ${key}`);
    try {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, CopySource: `${this.bucket}/${key}`, Key: this.objectKey(key) }));
    } catch (error) {
      // Moved meanwhile by another instance starting at the same time.
      if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    return `${this.prefix}${key}`;
  }

  /**
   * A request outside the prefix, for what an older version stored at the root: a bucket policy that grants this
   * product its prefix alone answers it AccessDenied, which means nothing of ours can be there (`whenDenied`).
   */
  private async atRoot<T>(request: Promise<T>, whenDenied: T): Promise<T> {
    try {
      return await request;
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'AccessDenied' || error.$metadata.httpStatusCode === 403)) return whenDenied;
      throw error;
    }
  }

  private async readObject(name: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: name }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }
}
