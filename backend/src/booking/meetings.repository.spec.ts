import { isOverlap, retryingDeadlocks } from './meetings.repository';

/** A database error as Drizzle throws it: its own error, with the driver's (code, constraint) as the cause. */
const databaseError = (code: string, constraint?: string) =>
  new Error('Failed query: insert into "meetings" …', { cause: Object.assign(new Error('from the server'), { code, ...(constraint ? { constraint } : {}) }) });

describe('a booking written at the same moment as another of the same times', () => {
  it('is written again when PostgreSQL ended it to break a deadlock, and answers what the next attempt does', async () => {
    let attempts = 0;
    const written = await retryingDeadlocks(async () => {
      attempts++;
      if (attempts < 3) throw databaseError('40P01');
      return 'booked';
    });
    expect({ written, attempts }).toEqual({ written: 'booked', attempts: 3 });
  });

  it('stops after three attempts with the deadlock, which counts as the times being taken', async () => {
    let attempts = 0;
    const failure = await retryingDeadlocks(async () => {
      attempts++;
      throw databaseError('40P01');
    }).catch((error: unknown) => error);
    expect(attempts).toBe(3);
    expect(isOverlap(failure)).toBe(true);
  });

  it('is not tried again for any other error, which is not an overlap unless the exclusion constraints refused it', async () => {
    for (const [error, overlap] of [
      [databaseError('23P01', 'meetings_buffer_after_excl'), true],
      [databaseError('23P01', 'another_constraint'), false],
      [databaseError('23505', 'meetings_active_lead'), false],
      [new Error('no database error at all'), false],
    ] as const) {
      let attempts = 0;
      const failure = await retryingDeadlocks(async () => {
        attempts++;
        throw error;
      }).catch((caught: unknown) => caught);
      expect({ attempts, overlap: isOverlap(failure) }).toEqual({ attempts: 1, overlap });
    }
  });
});
