import { FileStorage } from './file-storage';

/** Where uploaded resumes live (the folder of UPLOADS_DIR or the bucket of STORAGE_URL): keys are random UUIDs. */
export abstract class ResumeStorage extends FileStorage {}
