// The careers list's filters in its query string, so a job's page can link back to the list as it was left.
import { JOB_DEPARTMENTS, JOB_LOCATIONS, JOB_TYPES } from '@brightwave/common';
import type { JobFilters } from './form-rules';

/** The filters of the careers list's query string (?department=design&type=contract); unknown values are ignored. */
export function jobFiltersFromSearch(search: URLSearchParams): JobFilters {
  const pick = <T extends string>(name: keyof JobFilters, values: readonly T[]): T | '' => {
    const value = search.get(name);
    return values.find((item) => item === value) ?? '';
  };
  return { department: pick('department', JOB_DEPARTMENTS), location: pick('location', JOB_LOCATIONS), type: pick('type', JOB_TYPES) };
}

/** The query string of the filters, without the empty ones ('' when none is set). */
export function jobFiltersSearch(filters: JobFilters): string {
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
  const text = search.toString();
  return text ? `?${text}` : '';
}
