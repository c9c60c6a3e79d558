// What the three public forms (quote, contact, apply) share when they send: the in-flight state, the spam-triage
// signals (form token and honeypot, as headers), the visit's attribution (a header), the form's start and
// submission for the analytics, and the failure message (the server's, else SPEC §8's fallback).
// What each form does with the outcome (toast, clear, close its dialog) stays in the form.
import { parseApiFailure, type AnalyticsForm, type AnswerOf, type BodyOf, type Endpoint } from '@brightwave/common';
import { useState, type ReactElement } from 'react';
import { reportFormStart, reportFormSubmit } from './analytics';
import { ApiError, apiRequest } from './api-client';
import { attributionHeaders } from './attribution';
import { useFormSignals } from './form-signals';

interface FormSubmitOptions<E extends Endpoint> {
  /** The form's name in the analytics' funnel. */
  form: AnalyticsForm;
  /** The message shown when the server gives none (SPEC §8). */
  failureFallback: string;
  onSuccess: (answer: AnswerOf<E>) => void;
  /**
   * The message, the answer's HTTP status (0 when none came: a network failure) and its messages by field (the custom
   * questions' at `answers.<id>`).
   */
  onFailure: (message: string, status: number, errors: Record<string, string>) => void;
  /** Upload progress, 0..1, of the request body (the apply form's resume). */
  onUploadProgress?: (fraction: number) => void;
}

export interface FormSubmit<E extends Endpoint> {
  /** True from the send until the answer has been handled. */
  sending: boolean;
  /** Sends the body with the form's signals; never throws (a failure goes to onFailure). */
  send: (body: BodyOf<E>) => Promise<void>;
  /** Put on the form: the first focus inside it fetches the form token and counts as the form's start. */
  onFocus: () => void;
  /** The honeypot, rendered inside the forms that take part in spam triage. */
  trap: ReactElement;
}

export function useFormSubmit<E extends Endpoint>(endpoint: E, options: FormSubmitOptions<E>): FormSubmit<E> {
  const [sending, setSending] = useState(false);
  const signals = useFormSignals();

  async function send(body: BodyOf<E>): Promise<void> {
    setSending(true);
    try {
      const headers = { ...attributionHeaders(), ...(await signals.headers()) };
      const answer = await apiRequest(endpoint, { headers, body, onUploadProgress: options.onUploadProgress });
      // The next form filled on this page gets its own token (a token is good for one submission).
      signals.reset();
      reportFormSubmit(options.form);
      options.onSuccess(answer);
    } catch (error) {
      // The server's message (its failure envelope), else SPEC §8's fallback: a network failure, a proxy's error page.
      const answer = error instanceof ApiError ? error : undefined;
      const failure = parseApiFailure(answer?.body);
      options.onFailure(failure.message ?? options.failureFallback, answer?.status ?? 0, failure.errors);
    } finally {
      setSending(false);
    }
  }

  const onFocus = () => {
    signals.onFocus();
    reportFormStart(options.form);
  };

  return { sending, send, onFocus, trap: signals.trap };
}
