import { followUpPresets, instantOfWallTime } from './follow-up-presets';

const presetsAt = (now: string, timeZone: string) =>
  Object.fromEntries(followUpPresets(new Date(now), timeZone).map((preset) => [preset.label, preset.at.toISOString()]));

describe('follow-up presets', () => {
  it("lands on 9:00 in the admin's time zone: tomorrow, in 3 days and next Monday", () => {
    // Wednesday 25 November 2026, 23:30 in New York (04:30 UTC on the 26th): "tomorrow" is New York's Thursday.
    expect(presetsAt('2026-11-26T04:30:00.000Z', 'America/New_York')).toEqual({
      'Tomorrow 9:00': '2026-11-26T14:00:00.000Z',
      'In 3 days': '2026-11-28T14:00:00.000Z',
      'Next Monday': '2026-11-30T14:00:00.000Z',
    });
    // The same instant is already Thursday the 26th in Tokyo.
    expect(presetsAt('2026-11-26T04:30:00.000Z', 'Asia/Tokyo')).toEqual({
      'Tomorrow 9:00': '2026-11-27T00:00:00.000Z',
      'In 3 days': '2026-11-29T00:00:00.000Z',
      'Next Monday': '2026-11-30T00:00:00.000Z',
    });
  });

  it('takes next Monday a week on when today is Monday, and crosses the end of a month and a year', () => {
    expect(presetsAt('2026-11-30T08:00:00.000Z', 'UTC')['Next Monday']).toBe('2026-12-07T09:00:00.000Z');
    expect(presetsAt('2026-12-30T12:00:00.000Z', 'UTC')).toEqual({
      'Tomorrow 9:00': '2026-12-31T09:00:00.000Z',
      'In 3 days': '2027-01-02T09:00:00.000Z',
      'Next Monday': '2027-01-04T09:00:00.000Z',
    });
  });

  it('keeps 9:00 across a change of the clocks', () => {
    // Berlin leaves summer time on Sunday 25 October 2026: 9:00 is 07:00 UTC before and 08:00 UTC after.
    expect(presetsAt('2026-10-24T10:00:00.000Z', 'Europe/Berlin')).toEqual({
      'Tomorrow 9:00': '2026-10-25T08:00:00.000Z',
      'In 3 days': '2026-10-27T08:00:00.000Z',
      'Next Monday': '2026-10-26T08:00:00.000Z',
    });
    expect(instantOfWallTime({ year: 2026, month: 10, day: 24, hour: 9, minute: 0 }, 'Europe/Berlin').toISOString()).toBe('2026-10-24T07:00:00.000Z');
  });
});
