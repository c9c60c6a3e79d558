import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';

describe('STORAGE_URL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-storage-url-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).storage.resumeBucket;

  it('is unset by default: resumes stay in the local folder', () => {
    expect(load({})).toBeUndefined();
  });

  it('names the bucket, an S3-compatible endpoint and its region', () => {
    expect(load({ STORAGE_URL: 's3://brightwave-resumes?endpoint=http://minio:9000&region=eu-west-1' })).toEqual({
      bucket: 'brightwave-resumes',
      endpoint: 'http://minio:9000',
      region: 'eu-west-1',
      prefix: 'resumes/',
      mediaPrefix: 'media/',
    });
  });

  it("keeps the product's objects under their own key prefix: resumes/ unless ?prefix= names another", () => {
    const url = 's3://shared-bucket?endpoint=http://minio:9000';
    expect(load({ STORAGE_URL: url })?.prefix).toBe('resumes/');
    expect(load({ STORAGE_URL: `${url}&prefix=brightwave/resumes/` })?.prefix).toBe('brightwave/resumes/');
    expect(load({ STORAGE_URL: `${url}&prefix=brightwave` })?.prefix).toBe('brightwave/');
  });

  it("keeps the site's pictures under a prefix of their own: media/ unless ?mediaPrefix= names another, apart from the resumes'", () => {
    const url = 's3://shared-bucket?endpoint=http://minio:9000';
    expect(load({ STORAGE_URL: url })?.mediaPrefix).toBe('media/');
    expect(load({ STORAGE_URL: `${url}&prefix=brightwave/resumes/&mediaPrefix=brightwave/media` })?.mediaPrefix).toBe('brightwave/media/');
    expect(() => load({ STORAGE_URL: `${url}&mediaPrefix=resumes/` })).toThrow(/neither inside the other/);
    expect(() => load({ STORAGE_URL: `${url}&prefix=files/&mediaPrefix=files/media/` })).toThrow(/neither inside the other/);
    expect(() => load({ STORAGE_URL: `${url}&mediaPrefix=../up/` })).toThrow(/mediaPrefix must be one or more folder names/);
  });

  it('leaves the region to the AWS SDK (AWS_REGION, the profile) on Amazon S3, and uses us-east-1 on an endpoint without one', () => {
    expect(load({ STORAGE_URL: 's3://resumes.example.com' })).toEqual({
      bucket: 'resumes.example.com',
      endpoint: undefined,
      region: undefined,
      prefix: 'resumes/',
      mediaPrefix: 'media/',
    });
    expect(load({ STORAGE_URL: 's3://resumes?endpoint=https://s3.example.com' })?.region).toBe('us-east-1');
    expect(load({ STORAGE_URL: 's3://resumes?endpoint=https://s3.example.com', AWS_REGION: 'eu-central-1' })?.region).toBeUndefined();
  });

  it.each([
    ['https://bucket', /must start with s3:\/\//],
    ['s3://ab', /bucket must be 3 to 63/],
    ['s3://Resumes_2024', /bucket must be 3 to 63/],
    ['s3://resumes/folder', /names only the bucket/],
    ['s3://resumes:9000', /names only the bucket/],
    ['s3://resumes?endpoint=minio:9000', /endpoint must be an http/],
    ['s3://resumes?region=Europe West', /region must be a name/],
    ['s3://resumes?path-style=true', /unknown parameter "path-style"/],
    ['s3://resumes?prefix=', /prefix must be one or more folder names/],
    ['s3://resumes?prefix=/', /prefix must be one or more folder names/],
    ['s3://resumes?prefix=/resumes/', /prefix must be one or more folder names/],
    ['s3://resumes?prefix=a//b/', /prefix must be one or more folder names/],
    ['s3://resumes?prefix=../other/', /prefix must be one or more folder names/],
  ])('stops on a bad value %p with a message that says what is wrong', (value, message) => {
    expect(() => load({ STORAGE_URL: value })).toThrow(ConfigError);
    expect(() => load({ STORAGE_URL: value })).toThrow(message);
  });

  it('refuses credentials in the URL without repeating them', () => {
    const attempt = () => load({ STORAGE_URL: 's3://key:secret-value@resumes?endpoint=http://minio:9000' });
    expect(attempt).toThrow(/AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    expect(attempt).not.toThrow(/secret-value/);
  });
});
