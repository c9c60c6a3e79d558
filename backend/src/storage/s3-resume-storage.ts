import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig, ResumeBucketConfig } from '../config/app-config';
import { isId } from '../common/ids';
import { ResumeStorage } from './resume-storage';

// A bucket that does not answer must fail an application in seconds, not hold it until the client gives up.
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
// The most S3 answers in one page of a listing.
const LIST_PAGE_SIZE = 1000;

/**
 * Resumes as private objects of an S3-compatible bucket (STORAGE_URL), each named by a random UUID at the bucket's
 * root. Nothing is ever made public: downloads go through the admin-only route, which reads the bytes here.
 */
export class S3ResumeStorage extends ResumeStorage implements OnApplicationShutdown {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number;

  /** `listPageSize` below S3's 1,000 lets a test walk several pages of a listing without writing thousands. */
  constructor(config: AppConfig, { listPageSize = LIST_PAGE_SIZE }: { listPageSize?: number } = {}) {
    super();
    const bucket = config.resumeBucket as ResumeBucketConfig;
    this.bucket = bucket.bucket;
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
    if (!isId(key)) throw new Error(`Not a resume key: ${key}`);
    // One PUT: an object appears whole or not at all, so there are no partial files to clean up.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: 'application/octet-stream' }),
    );
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!isId(key)) return undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isId(key)) return;
    // S3 answers success for a key without an object: deleting is idempotent as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
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
    for await (const page of paginateListObjectsV2({ client: this.client, pageSize: this.listPageSize }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isId(object.Key)) continue;
        objects.set(object.Key, { size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) });
      }
    }
    return objects;
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
