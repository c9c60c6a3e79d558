import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { hostOf, refusedBecause } from '../webhooks/webhook-address';
import { checkedLookup, WebhookRefused } from '../webhooks/webhook-sender';

const FETCH_TIMEOUT_MS = 5000;

/** Why a feed could not be fetched, in words for its owner and the log: never the address nor its host (a secret). */
class FeedFetchFailed extends Error {}

/** One line about a failed connection, from its code (a Node error's message may carry the address). */
function reasonOf(error: unknown): string {
  if (error instanceof FeedFetchFailed) return error.message;
  // Its message names the host: the reason alone.
  if (error instanceof WebhookRefused) return 'refused: the host resolves to an address inside the network';
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (typeof code === 'string') return `could not connect (${code})`;
  return 'the feed could not be fetched';
}

/**
 * The text of a calendar feed, fetched under the webhook address rules (https:// only unless ALLOW_HTTP_WEBHOOKS; no
 * address inside the network unless ALLOW_PRIVATE_WEBHOOKS, checked after DNS, on the address connected to), within
 * 5 s and `maxBytes`. Redirects are not followed: the address given is the one read. Rejects with FeedFetchFailed.
 */
export function fetchFeed(url: URL, rules: { allowHttp: boolean; allowPrivate: boolean }, maxBytes: number): Promise<string> {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.allowHttp)) {
    return Promise.reject(new FeedFetchFailed('refused: only https:// addresses are allowed'));
  }
  const host = hostOf(url);
  // A literal IP is connected to without a lookup: it is judged here.
  const refused = !rules.allowPrivate && isIP(host) !== 0 ? refusedBecause(host) : undefined;
  if (refused) return Promise.reject(new FeedFetchFailed(`refused: ${refused}`));

  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      clearTimeout(timer);
      request.destroy();
      reject(new FeedFetchFailed(reasonOf(error)));
    };
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      {
        headers: { accept: 'text/calendar', 'user-agent': 'Brightwave-Calendar/1.0' },
        lookup: rules.allowPrivate ? undefined : checkedLookup,
        // One connection per fetch: a pooled socket would skip the lookup, and with it the check.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status < 200 || status > 299) return fail(new FeedFetchFailed(`the address answered ${status}`));
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxBytes) return fail(new FeedFetchFailed(`it is larger than ${Math.floor(maxBytes / 1_000_000)} MB`));
          chunks.push(chunk);
        });
        response.on('end', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
        response.on('error', fail);
      },
    );
    const timer = setTimeout(() => fail(new FeedFetchFailed(`no answer within ${FETCH_TIMEOUT_MS / 1000} s`)), FETCH_TIMEOUT_MS);
    request.on('error', fail);
  });
}
