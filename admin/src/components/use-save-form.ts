import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../lib/api-error';

/** A started RTK Query mutation (only its unwrap is needed). */
interface Started {
  unwrap(): Promise<unknown>;
}

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

/** State of an add/edit form and its submit: create or update, toast the outcome, close on success. */
export function useSaveForm<Payload>({ initial, id, create, update, messages, onDone }: SaveFormOptions<Payload>) {
  const [form, setForm] = useState<Payload>(initial);
  const set = <K extends keyof Payload>(key: K, value: Payload[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

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
      toast.error(errorMessage(failure, messages.saveFailure));
    }
  }

  return { form, set, onSubmit };
}
