import { SERVICE_KEYS, type ServiceKey } from '@brightwave/common';

/** What a service card's 'Learn More' passes to the home page's quote form (decision 069). */
export interface QuoteFormState {
  /** The card's anchor, which names its service (SPEC §2: #ecommerce, #web, …). */
  service?: string;
}

/** The service to choose in the quote form: the one a 'Learn More' came from, if it is one the form offers. */
export function serviceToChoose(state: unknown): ServiceKey | undefined {
  const service = (state as QuoteFormState | null)?.service;
  return SERVICE_KEYS.find((key) => key === service);
}
