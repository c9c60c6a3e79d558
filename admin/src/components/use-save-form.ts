import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { errorMessage, fieldErrorsOf } from '../lib/api-error';

/** A started RTK Query mutation (only its unwrap is needed). */
interface Started {
  unwrap(): Promise<unknown>;
}

/** Keys of the payload's string fields (free text or a key from a select). */
type TextKey<Payload> = { [K in keyof Payload]: Payload[K] extends string ? K : never }[keyof Payload];

interface SaveFormOptions<Payload> {
  initial: () => Payload;
  /** The edited item's id; undefined adds a new item. */
  id: string | undefined;
  create: (body: Payload) => Started;
  update: (arg: { id: string; body: Payload }) => Started;
  messages: { created: string; updated: string; saveFailure: string };
  /** Called after a successful save. */
  onDone: () => void;
}

/**
 * State of an add/edit form and its submit: create or update, toast the outcome, close on success; a refusal's field
 * errors show under their fields.
 */
export function useSaveForm<Payload>({ initial, id, create, update, messages, onDone }: SaveFormOptions<Payload>) {
  const [form, setForm] = useState<Payload>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Payload>(key: K, value: Payload[K]) => setForm((current) => ({ ...current, [key]: value }));
  /** Value, change handler and error of a text, text-area or select field bound to one string of the payload. */
  const field = <K extends TextKey<Payload>>(key: K) => ({
    value: form[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(key, event.target.value as Payload[K]),
    error: errors[String(key)],
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      if (id !== undefined) {
        await update({ id, body: form }).unwrap();
        toast.success(messages.updated);
      } else {
        await create(form).unwrap();
        toast.success(messages.created);
      }
      onDone();
    } catch (failure) {
      setErrors(fieldErrorsOf(failure));
      toast.error(errorMessage(failure, messages.saveFailure));
    }
  }

  return { form, set, field, errors, onSubmit };
}
