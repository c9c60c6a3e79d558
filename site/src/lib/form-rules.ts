// Client-side rules of SPEC §5 that the browser's own validation cannot express.
import { SITE_MESSAGES, RESUME_EXTENSIONS, RESUME_MAX_BYTES, type Job, type JobDepartment, type JobLocation, type JobType } from '@brightwave/common';

export { sanitizePhoneInput } from '@brightwave/common';

/** The resume's problem, if any: wrong type, or not under 5 MB. */
export function resumeProblem(file: Pick<File, 'name' | 'size'>): string | undefined {
  const name = file.name.toLowerCase();
  if (!RESUME_EXTENSIONS.some((extension) => name.endsWith(extension))) return SITE_MESSAGES.resumeWrongType;
  if (file.size >= RESUME_MAX_BYTES) return SITE_MESSAGES.resumeTooLarge;
  return undefined;
}

/** Reads a file as a base64 data URL; rejects with the §8 message when the browser cannot read it. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(SITE_MESSAGES.resumeReadFailure));
    };
    reader.onerror = () => reject(new Error(SITE_MESSAGES.resumeReadFailure));
    try {
      reader.readAsDataURL(file);
    } catch {
      reject(new Error(SITE_MESSAGES.resumeReadFailure));
    }
  });
}

export interface JobFilters {
  department: JobDepartment | '';
  location: JobLocation | '';
  type: JobType | '';
}
export const NO_JOB_FILTERS: JobFilters = { department: '', location: '', type: '' };

/** Equality on department, location and type; an empty filter matches everything. */
export function filterJobs<T extends Pick<Job, 'department' | 'location' | 'type'>>(jobs: T[], filters: JobFilters): T[] {
  return jobs.filter(
    (job) =>
      (!filters.department || job.department === filters.department) &&
      (!filters.location || job.location === filters.location) &&
      (!filters.type || job.type === filters.type),
  );
}
