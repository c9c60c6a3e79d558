// Spam triage of the public forms (see backend/src/spam-triage): a form token fetched when the person starts
// filling the form, and a honeypot field people never see. Both travel as headers, beside the SPEC body. The token
// is good for one submission and is what earns the visitor a confirmation mail.
import { FORM_TOKEN_HEADER, FORM_TRAP_HEADER } from '@brightwave/common';
import { useRef, useState, type ReactElement } from 'react';
import { apiRequest } from './api-client';

export interface FormSignals {
  /** Put on the form: the first focus inside it fetches the token (a page view alone costs no request). */
  onFocus: () => void;
  /** The honeypot, rendered inside the form. */
  trap: ReactElement;
  /** The headers to send with the form; waits for the token when it is still on its way. */
  headers: () => Promise<Record<string, string>>;
  /** After a successful send: the next form filled on this page gets its own token. */
  reset: () => void;
}

async function fetchToken(): Promise<string | undefined> {
  try {
    return (await apiRequest('GET /api/form-token')).token;
  } catch {
    // Without a token the form is still sent and taken (only unconfirmed): spam triage must never cost a real message.
    return undefined;
  }
}

export function useFormSignals(): FormSignals {
  const token = useRef<Promise<string | undefined> | undefined>(undefined);
  const [trapValue, setTrapValue] = useState('');
  const onFocus = () => {
    token.current ??= fetchToken();
  };
  const headers = async () => {
    onFocus();
    const value = await token.current;
    return { ...(value ? { [FORM_TOKEN_HEADER]: value } : {}), ...(trapValue ? { [FORM_TRAP_HEADER]: '1' } : {}) };
  };
  const reset = () => {
    token.current = undefined;
    setTrapValue('');
  };
  // Off screen, out of the tab order and the accessibility tree (inert, aria-hidden), and not offered to autofill:
  // only a robot that fills every input it finds puts anything here.
  const trap = (
    <div aria-hidden="true" inert className="pointer-events-none absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name="website_url" tabIndex={-1} autoComplete="off" value={trapValue} onChange={(event) => setTrapValue(event.target.value)} />
      </label>
    </div>
  );
  return { onFocus, trap, headers, reset };
}
