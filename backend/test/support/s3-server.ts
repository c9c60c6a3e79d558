import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** s3rver's fixed credentials: it checks signatures made with them. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Server {
  /** STORAGE_URL of the bucket on this server. */
  storageUrl: string;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver, its own process) on a free port of 127.0.0.1, with one empty bucket. */
export async function startS3Server(bucket = 'resumes'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(__dirname, 's3rver-process.ts'), '0', directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening (\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code} before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    storageUrl: `s3://${bucket}?endpoint=${endpoint}&region=us-east-1`,
    endpoint,
    bucket,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
