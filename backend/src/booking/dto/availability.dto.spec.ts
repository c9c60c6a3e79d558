import { MAX_WEEKLY_WINDOWS } from '@brightwave/common';
import { DomainError } from '../../common/domain-error';
import { createValidationPipe } from '../../common/validation';
import { AVAILABILITY_FIELD_MESSAGES as SAYS, AvailabilityDto } from './availability.dto';

// The rules of a saved availability, through the validation pipe every request goes through: each refusal names its
// field (`weekly.1.end`) in words the admin can act on. The address rule of the busy calendar needs DNS and the
// configuration: test/availability.e2e-spec.ts.

const valid = {
  timeZone: 'Europe/London',
  weekly: [
    { day: 1, start: '09:00', end: '12:00' },
    { day: 1, start: '13:00', end: '17:30' },
  ],
  meetingMinutes: 30,
  bufferMinutes: 10,
  minNoticeHours: 24,
  maxDaysAhead: 30,
};

/** The field errors of a refused body, or undefined when it passes. */
async function errorsOf(body: unknown): Promise<Record<string, string> | undefined> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: AvailabilityDto });
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return error.details.errors;
  }
}

describe(AvailabilityDto.name, () => {
  it('accepts a whole availability, with or without a busy calendar, and null to remove it', async () => {
    expect(await errorsOf(valid)).toBeUndefined();
    expect(await errorsOf({ ...valid, busyCalendarUrl: 'https://calendar.example.com/busy.ics' })).toBeUndefined();
    expect(await errorsOf({ ...valid, busyCalendarUrl: null })).toBeUndefined();
    expect(await errorsOf({ ...valid, weekly: [] })).toBeUndefined();
  });

  it.each([
    ['Europe/London', undefined],
    ['UTC', undefined],
    ['America/Argentina/Buenos_Aires', undefined],
    ['Asia/Calcutta', undefined],
    ['Mars/Olympus_Mons', SAYS.timeZone],
    ['+05:00', SAYS.timeZone],
    ['', SAYS.timeZone],
    [42, SAYS.timeZone],
    [undefined, SAYS.timeZone],
  ])('time zone %p: %p', async (timeZone, message) => {
    expect((await errorsOf({ ...valid, timeZone }))?.timeZone).toBe(message);
  });

  it.each([
    [{ day: 0, start: '00:00', end: '23:59' }, {}],
    [{ day: 6, start: '18:00', end: '24:00' }, {}],
    [{ day: 7, start: '09:00', end: '17:00' }, { 'weekly.0.day': SAYS.day }],
    [{ day: -1, start: '09:00', end: '17:00' }, { 'weekly.0.day': SAYS.day }],
    [{ day: 1.5, start: '09:00', end: '17:00' }, { 'weekly.0.day': SAYS.day }],
    [{ day: '1', start: '09:00', end: '17:00' }, { 'weekly.0.day': SAYS.day }],
    [{ day: 1, start: '9:00', end: '17:00' }, { 'weekly.0.start': SAYS.start }],
    [{ day: 1, start: '24:00', end: '24:00' }, { 'weekly.0.start': SAYS.start }],
    [{ day: 1, start: '09:60', end: '17:00' }, { 'weekly.0.start': SAYS.start }],
    [{ day: 1, start: '09:00', end: '24:01' }, { 'weekly.0.end': SAYS.end }],
    [{ day: 1, start: '09:00', end: 1700 }, { 'weekly.0.end': SAYS.end }],
    [{ day: 1, start: '09:00', end: '09:00' }, { 'weekly.0.end': SAYS.endBeforeStart }],
    [{ day: 1, start: '17:00', end: '09:00' }, { 'weekly.0.end': SAYS.endBeforeStart }],
    [{ day: 1, start: '09:00' }, { 'weekly.0.end': SAYS.end }],
    [{ day: 1, start: '09:00', end: '17:00', note: 'x' }, { 'weekly.0.note': 'weekly.0.note is not an accepted field' }],
  ])('weekly window %j: %j', async (window, errors) => {
    expect((await errorsOf({ ...valid, weekly: [window] })) ?? {}).toEqual(errors);
  });

  it('refuses weekly hours that are not a list of windows', async () => {
    expect((await errorsOf({ ...valid, weekly: 'Mon-Fri 9-5' }))?.weekly).toBe(SAYS.weekly);
    expect((await errorsOf({ ...valid, weekly: undefined }))?.weekly).toBe(SAYS.weekly);
    expect(await errorsOf({ ...valid, weekly: ['Monday'] })).toEqual({ 'weekly.0': SAYS.weekly });
    expect(await errorsOf({ ...valid, weekly: [null] })).toEqual({ 'weekly.0': SAYS.weekly });
  });

  it(`refuses more than ${MAX_WEEKLY_WINDOWS} windows`, async () => {
    const windows = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        day: index % 7,
        start: `${String(Math.floor(index / 7)).padStart(2, '0')}:00`,
        end: `${String(Math.floor(index / 7)).padStart(2, '0')}:30`,
      }));
    expect(await errorsOf({ ...valid, weekly: windows(MAX_WEEKLY_WINDOWS) })).toBeUndefined();
    expect((await errorsOf({ ...valid, weekly: windows(MAX_WEEKLY_WINDOWS + 1) }))?.weekly).toBe(SAYS.tooManyWindows);
  });

  it('refuses windows of one day that overlap, naming the day and both windows; touching ones and other days are fine', async () => {
    const overlapping = [
      { day: 2, start: '13:00', end: '17:00' },
      { day: 2, start: '09:00', end: '13:30' },
    ];
    expect((await errorsOf({ ...valid, weekly: overlapping }))?.weekly).toBe('Two windows on Tuesday overlap (09:00–13:30 and 13:00–17:00)');
    expect(
      (
        await errorsOf({
          ...valid,
          weekly: [
            { day: 2, start: '09:00', end: '17:00' },
            { day: 2, start: '10:00', end: '11:00' },
          ],
        })
      )?.weekly,
    ).toBe('Two windows on Tuesday overlap (09:00–17:00 and 10:00–11:00)');
    const touching = [
      { day: 2, start: '09:00', end: '13:00' },
      { day: 2, start: '13:00', end: '17:00' },
      { day: 3, start: '09:00', end: '17:00' },
    ];
    expect(await errorsOf({ ...valid, weekly: touching })).toBeUndefined();
  });

  it.each([
    ['meetingMinutes', 15, 120, 30.5],
    ['bufferMinutes', 0, 120, 5.5],
    ['minNoticeHours', 0, 168, 1.5],
    ['maxDaysAhead', 1, 365, 7.5],
  ] as const)('%s is a whole number from %d to %d', async (field, min, max, fraction) => {
    const message = SAYS[field];
    expect(await errorsOf({ ...valid, [field]: min })).toBeUndefined();
    expect(await errorsOf({ ...valid, [field]: max })).toBeUndefined();
    for (const wrong of [min - 1, max + 1, fraction, String(min), null, undefined]) {
      expect(await errorsOf({ ...valid, [field]: wrong })).toEqual({ [field]: message });
    }
  });

  it('refuses a busy calendar that is not text, or too long, by its own message', async () => {
    expect(await errorsOf({ ...valid, busyCalendarUrl: 42 })).toEqual({ busyCalendarUrl: SAYS.busyCalendarUrl });
    expect(await errorsOf({ ...valid, busyCalendarUrl: `https://calendar.example.com/${'a'.repeat(2000)}` })).toEqual({
      busyCalendarUrl: SAYS.busyCalendarUrlTooLong,
    });
  });

  it('names every broken field at once, and refuses fields it does not know', async () => {
    expect(await errorsOf({ ...valid, timeZone: 'Nowhere', meetingMinutes: 5, colour: 'blue' })).toEqual({
      timeZone: SAYS.timeZone,
      meetingMinutes: SAYS.meetingMinutes,
      colour: 'colour is not an accepted field',
    });
  });
});
