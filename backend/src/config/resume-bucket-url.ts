import { ConfigError, type Env, readString, type VariableKind } from './env-readers';

/** Where STORAGE_URL puts resumes; credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID, …). */
export interface ResumeBucketConfig {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, …), addressed path-style; undefined = Amazon S3 itself. */
  endpoint: string | undefined;
  /** Undefined = the SDK's default chain (AWS_REGION, the profile). */
  region: string | undefined;
  /** The product's objects are `<prefix><uuid>` (`?prefix=`, default `resumes/`); nothing else in the bucket is touched. */
  prefix: string;
  /** The site's uploaded pictures (`?mediaPrefix=`, default `media/`), likewise. */
  mediaPrefix: string;
}

const STORAGE_URL_FORMAT = 's3://bucket?endpoint=https://host:port&region=name&prefix=resumes/&mediaPrefix=media/';
// Amazon's rules for bucket names (3 to 63 characters), which S3-compatible servers follow.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_NAME = /^[a-z0-9-]{1,32}$/;
const DEFAULT_RESUME_KEY_PREFIX = 'resumes/';
const DEFAULT_MEDIA_KEY_PREFIX = 'media/';
// Folder names of characters S3 keys carry unescaped everywhere; never empty: the bucket may hold others' objects.
const KEY_PREFIX = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/){1,8}$/;

function readStorageUrl(env: Env, name: string): ResumeBucketConfig | undefined {
  const raw = readString(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must look like ${STORAGE_URL_FORMAT}`);
  }
  if (url.protocol !== 's3:') throw new ConfigError(`${name} must start with s3:// (${STORAGE_URL_FORMAT})`);
  // Never echoed: the value may hold a secret.
  if (url.username || url.password) {
    throw new ConfigError(`${name} must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`);
  }
  if (url.port || (url.pathname !== '' && url.pathname !== '/')) {
    throw new ConfigError(`${name} names only the bucket; the server goes in ?endpoint= (${STORAGE_URL_FORMAT})`);
  }
  if (!BUCKET_NAME.test(url.hostname)) {
    throw new ConfigError(`${name}'s bucket must be 3 to 63 lowercase letters, digits, dots or hyphens (got "${url.hostname}")`);
  }
  for (const parameter of url.searchParams.keys()) {
    if (!['endpoint', 'region', 'prefix', 'mediaPrefix'].includes(parameter)) {
      throw new ConfigError(`${name} has an unknown parameter "${parameter}" (endpoint, region, prefix, mediaPrefix)`);
    }
  }
  const prefix = readPrefix(name, url, 'prefix', DEFAULT_RESUME_KEY_PREFIX);
  const mediaPrefix = readPrefix(name, url, 'mediaPrefix', DEFAULT_MEDIA_KEY_PREFIX);
  if (prefix.startsWith(mediaPrefix) || mediaPrefix.startsWith(prefix)) {
    throw new ConfigError(`${name}'s prefix and mediaPrefix must be folders apart, neither inside the other (got "${prefix}" and "${mediaPrefix}")`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? '')) {
    throw new ConfigError(`${name}'s endpoint must be an http:// or https:// URL (got "${endpoint}")`);
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !REGION_NAME.test(region)) {
    throw new ConfigError(`${name}'s region must be a name like eu-west-1 (got "${region}")`);
  }
  return {
    bucket: url.hostname,
    endpoint,
    // S3-compatible servers sign with a region too but rarely care which: theirs is us-east-1 unless configured.
    region: region ?? (endpoint !== undefined && !readString(env, 'AWS_REGION') ? 'us-east-1' : undefined),
    prefix,
    mediaPrefix,
  };
}

function readPrefix(name: string, url: URL, parameter: string, fallback: string): string {
  const raw = url.searchParams.get(parameter) ?? fallback;
  const prefix = raw.endsWith('/') ? raw : `${raw}/`;
  if (prefix.length > 200 || !KEY_PREFIX.test(prefix)) {
    throw new ConfigError(
      `${name}'s ${parameter} must be one or more folder names of letters, digits, dots, hyphens or underscores, like ${fallback} (got "${raw}")`,
    );
  }
  return prefix;
}

/** STORAGE_URL: resumes in an S3-compatible bucket; unset = files in the uploads folder. */
export const resumeBucketUrl: VariableKind<ResumeBucketConfig | undefined> = {
  default: 'unset: files in `UPLOADS_DIR`',
  accepts: `\`${STORAGE_URL_FORMAT}\` (endpoint, region and prefix optional)`,
  read: readStorageUrl,
};
