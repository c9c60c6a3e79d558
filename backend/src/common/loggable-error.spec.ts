import { DrizzleQueryError } from 'drizzle-orm';
import { loggableError } from './loggable-error';

describe(loggableError.name, () => {
  it('logs a failed query by its statement and reason, never its parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "leads_pkey"'), { code: '23505' });
    const error = new DrizzleQueryError('insert into "leads" ("name", "email") values ($1, $2)', ['Ada Lovelace', 'ada@example.com'], cause);
    const text = loggableError(error);
    expect(text).toContain('Failed query: insert into "leads" ("name", "email") values ($1, $2)');
    expect(text).toContain('reason: duplicate key value violates unique constraint "leads_pkey" (23505)');
    expect(text).not.toContain('Ada Lovelace');
    expect(text).not.toContain('ada@example.com');
    expect(text).toMatch(/\n +at /);
  });

  it('logs other errors with their stack', () => {
    expect(loggableError(new Error('boom'))).toMatch(/^Error: boom\n\s+at /);
    expect(loggableError('plain')).toBe('plain');
  });
});
