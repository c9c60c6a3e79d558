import type { Response } from 'supertest';

/** supertest's `.parse` for an answer read as its raw bytes (a CSV, a resume, a download), whatever its type. */
export function rawBody(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
