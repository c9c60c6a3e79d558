import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  body: string;
}

/** Standard Webhooks, computed here from the specification (not with the backend's code): `v1,` base64 HMAC-SHA256. */
export function expectedSignature(secret: string, call: ReceivedCall): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${String(call.headers['webhook-id'])}.${String(call.headers['webhook-timestamp'])}.${call.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

/**
 * A real HTTP server standing for a CRM: records every call and answers a path with the next status queued for it
 * in `answers` (then 204). `connections` counts every TCP connection, even one that never sent a request.
 */
export async function startWebhookReceiver() {
  const calls: ReceivedCall[] = [];
  const answers = new Map<string, number[]>();
  let connections = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.get(request.url ?? '')?.shift() ?? 204).end();
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    calls,
    /** Queues the statuses of the next calls to `path`, in order. */
    answerNext: (path: string, ...statuses: number[]) => answers.set(path, [...(answers.get(path) ?? []), ...statuses]),
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
