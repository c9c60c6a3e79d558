// The one way the site talks to the API: JSON, cookies included, the answer's body kept on failure.
import { parseApiFailure, type AnswerOf, type BodyOf, type Endpoint } from '@brightwave/common';
import { API_BASE_URL } from './env';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The answer's body as sent (the failure envelope, parseApiFailure, when the API answered). */
    readonly body: unknown,
  ) {
    super(parseApiFailure(body).message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Called with 0..1 while the request body uploads (switches to XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function settle<T>(status: number, text: string): T {
  const payload = parseJson(text);
  const failed = status < 200 || status >= 300 || (payload as { success?: boolean } | undefined)?.success === false;
  if (failed) throw new ApiError(status, payload);
  return payload as T;
}

function sendWithProgress<T>(url: string, options: RequestOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(settle<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.send(options.body === undefined ? null : JSON.stringify(options.body));
  });
}

/**
 * Calls one endpoint of the contract (packages/common), e.g. apiRequest('POST /api/leads', { body }): the body and
 * the answer are typed by it.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: { body?: BodyOf<E>; headers?: Record<string, string>; onUploadProgress?: (fraction: number) => void } = {},
): Promise<AnswerOf<E>> {
  const [method, path] = endpoint.split(' ');
  if (method === undefined || path === undefined) throw new Error(`${endpoint} is not "METHOD /path"`);
  const url = `${API_BASE_URL}${path}`;
  if (options.onUploadProgress) return sendWithProgress<AnswerOf<E>>(url, { ...options, method });
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return settle<AnswerOf<E>>(response.status, await response.text());
}
