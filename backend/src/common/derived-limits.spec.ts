import { APPLY_BODY_LIMIT_BYTES, MESSAGES, RESUME_ACCEPT, RESUME_EXTENSIONS, RESUME_MAX_BYTES, RESUME_TYPES } from '@brightwave/common';

// Every text and limit about resumes is computed from RESUME_MAX_BYTES and RESUME_TYPES. These tests change no
// constant: they check that what people read and what the server enforces say the same as the constants.
describe('rules derived from the resume constants', () => {
  const megabytes = RESUME_MAX_BYTES / (1024 * 1024);
  const kinds = Object.keys(RESUME_TYPES).map((extension) => extension.toUpperCase());

  it('writes the size limit of every resume message from RESUME_MAX_BYTES (SPEC §5: "File size should be less than 5MB")', () => {
    expect(MESSAGES.resumeTooLarge).toBe(`File size should be less than ${megabytes}MB`);
    expect(MESSAGES.resumeTooLarge).toBe('File size should be less than 5MB');
    expect(MESSAGES.resumeInvalid).toContain(`under ${megabytes}MB`);
  });

  it('names every accepted kind in the messages, the file input and the list of extensions', () => {
    for (const kind of kinds) {
      expect(MESSAGES.resumeWrongType).toContain(kind);
      expect(MESSAGES.resumeInvalid).toContain(kind);
      expect(RESUME_ACCEPT.split(',')).toContain(`.${kind.toLowerCase()}`);
    }
    expect(RESUME_EXTENSIONS).toHaveLength(kinds.length);
  });

  it('lets the apply route take the largest resume, base64-encoded, with the form around it', () => {
    const largestEncoded = Math.ceil(((RESUME_MAX_BYTES - 1) * 4) / 3);
    expect(APPLY_BODY_LIMIT_BYTES).toBeGreaterThan(largestEncoded + 16 * 1024);
  });
});
