import { MESSAGES, type ContentVersionSummary } from '@brightwave/common';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { apiUrl } from '../../app/config';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { formatDateTime } from '../../lib/format';
import { fieldDomId, sameContent, type ValueRecord } from './content-values';

/** What a step's failure toasts when the server gives no message of its own. */
const PUBLISHING_FAILURES = {
  save: 'Failed to save the draft',
  preview: 'Failed to make a preview link',
  publish: 'Failed to publish the page',
  schedule: 'Failed to schedule the publish',
  cancel: 'Failed to cancel the scheduled publish',
  restore: 'Failed to restore the version',
};

/** An absolute address of the site (the backend that serves the API renders the site's pages too). */
export const siteUrl = (path: string) => new URL(apiUrl(path), window.location.href).href;

/** A save's or a restore's answer: the draft the server now holds, when the answer carries it. */
export interface DraftAnswer<Document> {
  message: string;
  draft?: Document;
  draftVersionId?: string;
}

export interface DocumentEditorOptions<Document extends ValueRecord> {
  /** The draft as loaded, its version, and whether it differs from what is published. */
  loaded: { draft: Document; draftVersionId: string; hasDraft: boolean };
  /** The document as it is saved (texts trimmed). */
  prepare: (form: Document) => Document;
  /** The checks the server makes too, by path ("blocks.2.heading"). */
  validate: (document: Document) => Record<string, string>;
  /** The form's field paths in the order they show: the first with an error takes focus. */
  formPaths: (document: Document) => Set<string>;
  /** A path's name for people (in the form as it is), for the fields of a version that cannot be restored. */
  labelOf: (path: string, form: Document) => string;
  /** After errors are set (the built page opens the blocks they are in). */
  onErrorsShown?: (errors: Record<string, string>) => void;
  /** After a restored version became the form (the built page closes its blocks' cards). */
  onRestored?: (draft: Document) => void;
  save: (document: Document, baseVersionId: string) => Promise<DraftAnswer<Document>>;
  /** Publishes now, or at `at`. */
  publish: (at?: string) => Promise<{ message: string }>;
  cancelSchedule: () => Promise<{ message: string }>;
  preview: () => Promise<{ url: string; expiresAt: string }>;
  restore: (versionId: string) => Promise<DraftAnswer<Document>>;
}

const hasErrors = (errors: Record<string, string>) => Object.keys(errors).length > 0;

/** The errors left once a path has changed: its own, and those of what is inside it (blocks and list entries move). */
function withoutErrorsAt(errors: Record<string, string>, path: string): Record<string, string> {
  const kept = Object.entries(errors).filter(([errorPath]) => errorPath !== path && !errorPath.startsWith(`${path}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/**
 * What every editor of a versioned document shares (site content, built pages, case studies, news posts): the form
 * and its errors, saving the draft over the version it was loaded as (409 over a newer one), preview, publishing now
 * or at a time (each after saving what is typed), cancelling a schedule and restoring a version. A refused save or
 * publish marks its fields and focuses the first; a version that cannot be restored names its fields in the toast.
 */
export function useDocumentEditor<Document extends ValueRecord>(options: DocumentEditorOptions<Document>) {
  const { loaded, prepare, validate, formPaths, labelOf } = options;
  // The saved draft the form started from (or was last saved or restored as): unsaved changes are what differs.
  const [saved, setSaved] = useState<Document>(loaded.draft);
  const [form, setForm] = useState<Document>(loaded.draft);
  // The version the form was loaded or last saved as: a save over someone else's newer one is refused (409).
  const [basedOn, setBasedOn] = useState(loaded.draftVersionId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [working, setWorking] = useState<'save' | 'other' | null>(null);
  const [previewLink, setPreviewLink] = useState<{ href: string; expiresAt: string } | null>(null);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [scheduleError, setScheduleError] = useState<string | undefined>();
  const [toRestore, setToRestore] = useState<ContentVersionSummary | null>(null);
  const dirty = !sameContent(form, saved);

  // After errors are shown, the first field in the form's order that has one takes focus.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });

  async function step<T>(kind: 'save' | 'other', run: () => Promise<T>): Promise<T> {
    setWorking(kind);
    try {
      return await run();
    } finally {
      setWorking(null);
    }
  }

  function showErrors(found: Record<string, string>, document: Document, message: string) {
    setErrors(found);
    options.onErrorsShown?.(found);
    const first = [...formPaths(document)].find((path) => path in found);
    focusAfterRender.current = first ? fieldDomId(first) : null;
    const count = Object.keys(found).length;
    toast.error(`${message} (${count === 1 ? '1 field' : `${count} fields`})`);
  }

  /** A refused step: the fields the server names are marked, else its message is toasted. */
  function showRefused(failure: unknown, fallback: string) {
    const refused = fieldErrorsOf(failure);
    if (hasErrors(refused)) showErrors(refused, prepare(form), errorMessage(failure, fallback));
    else toast.error(errorMessage(failure, fallback));
  }

  /** Takes what the server now holds as the saved draft. */
  function tookDraft(answer: DraftAnswer<Document>) {
    if (answer.draft) setSaved(answer.draft);
    if (answer.draftVersionId) setBasedOn(answer.draftVersionId);
  }

  /** Checks and saves the form; whether the draft now holds it. `announce` toasts the success (not when a publish follows). */
  async function saveDraft(announce: boolean): Promise<boolean> {
    const document = prepare(form);
    const problems = validate(document);
    if (hasErrors(problems)) {
      showErrors(problems, document, MESSAGES.contentInvalid);
      return false;
    }
    try {
      const answer = await step('save', () => options.save(document, basedOn));
      tookDraft(answer);
      // What was typed while the save was on its way stays (and stays unsaved).
      const savedDraft = answer.draft;
      if (savedDraft) setForm((current) => (current === form ? savedDraft : current));
      setErrors({});
      if (announce) toast.success(answer.message);
      return true;
    } catch (failure) {
      showRefused(failure, PUBLISHING_FAILURES.save);
      return false;
    }
  }

  async function publishNow() {
    if (!dirty || (await saveDraft(false))) {
      try {
        toast.success((await step('other', () => options.publish())).message);
      } catch (failure) {
        showRefused(failure, PUBLISHING_FAILURES.publish);
      }
    }
    setConfirmingPublish(false);
  }

  async function schedule(at: string) {
    if (dirty && !(await saveDraft(false))) {
      setScheduling(false);
      return;
    }
    try {
      const answer = await step('other', () => options.publish(at));
      toast.success(`${answer.message} for ${formatDateTime(at)}`);
      setScheduleError(undefined);
      setScheduling(false);
    } catch (failure) {
      // A refused time stays in the dialog; a refused draft marks its fields.
      const timeError = fieldErrorsOf(failure).at;
      setScheduleError(timeError);
      if (timeError) toast.error(errorMessage(failure, PUBLISHING_FAILURES.schedule));
      else {
        setScheduling(false);
        showRefused(failure, PUBLISHING_FAILURES.schedule);
      }
    }
  }

  async function cancelSchedule() {
    try {
      toast.success((await step('other', options.cancelSchedule)).message);
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.cancel));
    }
  }

  async function preview() {
    if (dirty && !(await saveDraft(false))) return;
    try {
      const answer = await step('other', options.preview);
      const href = siteUrl(answer.url);
      // Still within the click's user activation, which browsers allow a pop-up; should a blocker stop it anyway,
      // the link shown in Publishing opens it.
      window.open(href, '_blank', 'noopener,noreferrer');
      setPreviewLink({ href, expiresAt: answer.expiresAt });
    } catch (failure) {
      toast.error(errorMessage(failure, PUBLISHING_FAILURES.preview));
    }
  }

  async function restore() {
    if (!toRestore) return;
    try {
      const answer = await step('other', () => options.restore(toRestore._id));
      tookDraft(answer);
      if (answer.draft) {
        setForm(answer.draft);
        options.onRestored?.(answer.draft);
      }
      setErrors({});
      toast.success(answer.message);
    } catch (failure) {
      // A version that no longer fits the rules: the fields are named, since they are not in the form.
      const refused = Object.keys(fieldErrorsOf(failure));
      const fields = refused.length > 0 ? `: ${refused.map((path) => labelOf(path, form)).join('; ')}` : '';
      toast.error(`${errorMessage(failure, PUBLISHING_FAILURES.restore)}${fields}`);
    }
    setToRestore(null);
  }

  return {
    form,
    errors,
    dirty,
    /** Whether there is something to publish: a saved draft that differs from the published copy, or unsaved changes. */
    publishable: loaded.hasDraft || dirty,
    saving: working === 'save',
    busy: working !== null,
    /** A change of the form at `path`: that path's errors (and those inside it) go. */
    change(next: Document, path: string) {
      setForm(next);
      setErrors((current) => withoutErrorsAt(current, path));
    },
    onSubmit(event: FormEvent) {
      event.preventDefault();
      void saveDraft(true);
    },
    preview,
    previewLink,
    confirmingPublish,
    askToPublish: () => setConfirmingPublish(true),
    stopAskingToPublish: () => setConfirmingPublish(false),
    publishNow,
    scheduling,
    scheduleError,
    openSchedule: () => {
      setScheduleError(undefined);
      setScheduling(true);
    },
    closeSchedule: () => setScheduling(false),
    schedule,
    cancelSchedule,
    toRestore,
    askToRestore: setToRestore,
    stopRestoring: () => setToRestore(null),
    restore,
  };
}

export type DocumentEditor = ReturnType<typeof useDocumentEditor>;
