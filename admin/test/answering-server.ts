// A real HTTP server for the unit tests of the admin's pages: it records what the page sends and plays the answers a
// test sets, per "METHOD /path". It listens on the page's own address (set per test file with
// `@jest-environment-options {"url": ...}`) because the app asks for relative URLs, as it does when the backend serves it.
// Those ports are below 32768, out of Linux's range for the local ports of outgoing connections (32768–60999): a port
// there is taken whenever any connection on the machine happens to leave from it, and the faults under load, run beside
// these tests, open thousands (a file's server on 39432 once failed to listen, and the file failed).
import { MESSAGES } from '@brightwave/common';
import http from 'node:http';

interface Answer {
  status: number;
  body: unknown;
  /** A file's bytes and type, answered instead of the JSON body (a resume download). */
  file?: { type: string; bytes: Buffer };
}

/** One request: "METHOD /path?query" and its parsed JSON body (undefined when it had none). */
interface Call {
  route: string;
  body: unknown;
}

/** What the server answers on one route; it gets the request's parsed JSON body. */
type Answers = Record<string, (body: unknown) => Answer>;

/** A success in the API's envelope. */
export const ok = (fields: object): Answer => ({ status: 200, body: { success: true, ...fields } });

export class AnsweringServer {
  /** What the server answers, per "METHOD /path?query"; a route without an answer gets the API's 404. */
  answers: Answers = {};
  /** Every request received, in order. */
  readonly calls: Call[] = [];

  private readonly server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body: unknown = text ? JSON.parse(text) : undefined;
      const route = `${request.method} ${request.url}`;
      this.calls.push({ route, body });
      const answer = this.answers[route]?.(body) ?? { status: 404, body: { success: false, message: MESSAGES.notFound } };
      response.writeHead(answer.status, { 'Content-Type': answer.file?.type ?? 'application/json' });
      response.end(answer.file ? answer.file.bytes : JSON.stringify(answer.body));
    });
  });

  /** Listens on the port of the page's address; fails (rather than crashing the file) when that port is taken. */
  async listen(): Promise<void> {
    // The page's fetch keeps a connection open between requests. Closed by the server after Node's 5 seconds, it could
    // be closed just as a request is sent on it after a long test (a page of a thousand controls rendering in the same
    // event loop delays both clocks), and that request failed ("fetch failed"). Kept longer than any test, the
    // connection is closed by the client only.
    this.server.keepAliveTimeout = 10 * 60_000;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(Number(window.location.port), '127.0.0.1', resolve);
    });
  }

  /** Forgets the calls so far and answers these routes only, so that each test starts from the same server. */
  reset(answers: Answers): void {
    this.calls.length = 0;
    this.answers = answers;
  }

  /** The bodies sent to one route ("METHOD /path?query"), in order. */
  sent(route: string): unknown[] {
    return this.calls.filter((call) => call.route === route).map((call) => call.body);
  }

  /** Stops listening and ends the connections the page kept open (kept alive for as long as a test file runs). */
  async close(): Promise<void> {
    await new Promise((resolve) => {
      this.server.close(resolve);
      this.server.closeAllConnections();
    });
  }
}
