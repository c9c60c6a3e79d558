import fc from 'fast-check';
import ICAL from 'ical.js';
import { foldLine, meetingInvitation, type MeetingInvitation } from './meeting-invitation';

const REQUEST: MeetingInvitation = {
  method: 'REQUEST',
  meetingId: '6f1c2a4e-9b1d-4c55-8d7e-2f1a3b4c5d6e',
  siteHost: 'www.example.com',
  start: new Date('2026-03-30T08:00:00Z'),
  end: new Date('2026-03-30T08:30:00Z'),
  sequence: 0,
  stampedAt: new Date('2026-03-27T17:45:12.345Z'),
  organizer: { name: 'Ann Lee', email: 'ann@example.com' },
  attendee: { name: 'Jane Doe', email: 'jane@example.org' },
  summary: 'Call with Brightwave Technologies',
  description: 'Your call with Ann Lee.\n\nReschedule: https://www.example.com/book/abc\nCancel: https://www.example.com/book/abc/cancel',
};

/** The invitation read back by ical.js, as a calendar reads it. */
function parsed(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  const attendees = event.getAllProperties('attendee').map((attendee) => ({
    address: attendee.getFirstValue() as string,
    cn: attendee.getParameter('cn') as string | undefined,
    role: attendee.getParameter('role') as string,
    partstat: attendee.getParameter('partstat') as string,
    rsvp: attendee.getParameter('rsvp') as string,
  }));
  const organizer = event.getFirstProperty('organizer');
  const time = (name: string) => event.getFirstPropertyValue(name) as ICAL.Time;
  return {
    method: calendar.getFirstPropertyValue('method'),
    version: calendar.getFirstPropertyValue('version'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    summary: event.getFirstPropertyValue('summary'),
    description: event.getFirstPropertyValue('description'),
    dtstamp: time('dtstamp'),
    dtstart: time('dtstart'),
    dtend: time('dtend'),
    organizer: { address: organizer?.getFirstValue(), cn: organizer?.getParameter('cn') },
    attendees,
  };
}

describe(meetingInvitation.name, () => {
  it('invites with METHOD:REQUEST: a confirmed event in UTC, its UID from the meeting and the site, the sequence given', () => {
    const part = meetingInvitation(REQUEST);
    expect(part.method).toBe('REQUEST');
    const ics = parsed(part.content);
    expect(ics).toMatchObject({
      method: 'REQUEST',
      version: '2.0',
      uid: '6f1c2a4e-9b1d-4c55-8d7e-2f1a3b4c5d6e@www.example.com',
      sequence: 0,
      status: 'CONFIRMED',
      summary: REQUEST.summary,
      description: REQUEST.description,
    });
    for (const [time, expected] of [
      [ics.dtstart, REQUEST.start],
      [ics.dtend, REQUEST.end],
      [ics.dtstamp, new Date('2026-03-27T17:45:12Z')],
    ] as const) {
      expect(time.zone?.tzid).toBe('UTC');
      expect(time.toJSDate()).toEqual(expected);
    }
    // Written as UTC times (a trailing Z), so no VTIMEZONE is needed.
    expect(part.content).toContain('\r\nDTSTART:20260330T080000Z\r\nDTEND:20260330T083000Z\r\n');
    expect(part.content).not.toContain('VTIMEZONE');
  });

  it('names the staff member as organizer and as an attendee who accepted, the visitor as an attendee asked to answer', () => {
    const ics = parsed(meetingInvitation(REQUEST).content);
    expect(ics.organizer).toEqual({ address: 'mailto:ann@example.com', cn: 'Ann Lee' });
    expect(ics.attendees).toEqual([
      { address: 'mailto:ann@example.com', cn: 'Ann Lee', role: 'CHAIR', partstat: 'ACCEPTED', rsvp: 'FALSE' },
      { address: 'mailto:jane@example.org', cn: 'Jane Doe', role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION', rsvp: 'TRUE' },
    ]);
  });

  it('leaves the display name out when none is given', () => {
    const ics = parsed(meetingInvitation({ ...REQUEST, attendee: { email: 'jane@example.org' } }).content);
    expect(ics.attendees[1]).toEqual(expect.objectContaining({ address: 'mailto:jane@example.org', cn: undefined }));
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED, the same UID and the raised sequence', () => {
    const part = meetingInvitation({ ...REQUEST, method: 'CANCEL', sequence: 2 });
    expect(part.method).toBe('CANCEL');
    const ics = parsed(part.content);
    expect(ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2, uid: parsed(meetingInvitation(REQUEST).content).uid });
    expect(ics.attendees.map((attendee) => attendee.address)).toEqual(['mailto:ann@example.com', 'mailto:jane@example.org']);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, and quotes display names (RFC 6868 for a quote)', () => {
    const part = meetingInvitation({
      ...REQUEST,
      summary: 'Call with Zoë Ünal, Smith & Sons; “Ltd” \\ 李小龍',
      description: 'First line, with a comma; and a semicolon\nSecond line\r\nThird line\rFourth',
      organizer: { name: 'Ann Lee, PhD; Sales: EMEA', email: 'ann@example.com' },
      attendee: { name: 'Jane "JD" Doe', email: 'jane@example.org' },
    });
    const unfolded = part.content.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nSUMMARY:Call with Zoë Ünal\\, Smith & Sons\\; “Ltd” \\\\ 李小龍\r\n');
    expect(unfolded).toContain('\r\nDESCRIPTION:First line\\, with a comma\\; and a semicolon\\nSecond line\\nThird line\\nFourth\r\n');
    expect(unfolded).toContain('\r\nORGANIZER;CN="Ann Lee, PhD; Sales: EMEA":mailto:ann@example.com\r\n');
    expect(unfolded).toContain(`;CN=Jane ^'JD^' Doe;`);
    const ics = parsed(part.content);
    expect(ics.summary).toBe('Call with Zoë Ünal, Smith & Sons; “Ltd” \\ 李小龍');
    expect(ics.description).toBe('First line, with a comma; and a semicolon\nSecond line\nThird line\nFourth');
    expect(ics.organizer.cn).toBe('Ann Lee, PhD; Sales: EMEA');
    expect(ics.attendees[1]?.cn).toBe('Jane "JD" Doe');
  });

  it('keeps the summary and display names on one line and drops control characters a value may not hold', () => {
    const ics = parsed(
      meetingInvitation({
        ...REQUEST,
        summary: 'Call with Eve\r\nX-INJECTED:yes',
        description: 'A\u0000B\u0007C\tD',
        attendee: { name: 'Eve\nBcc', email: 'eve@example.org' },
      }).content,
    );
    expect(ics.summary).toBe('Call with Eve X-INJECTED:yes');
    expect(ics.description).toBe('ABC\tD');
    expect(ics.attendees[1]?.cn).toBe('Eve Bcc');
  });

  it('writes CRLF line ends, the last line included, and folds every line at 75 octets without splitting a character', () => {
    const long = `Call with ${'Zoë 李 😀 '.repeat(30)}`;
    const { content } = meetingInvitation({ ...REQUEST, summary: long, description: `https://www.example.com/book/${'x'.repeat(200)}` });
    expect(content.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(content).not.toMatch(/[^\r]\n|\r(?!\n)/);
    const lines = content.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      // A whole character at each end: no half of a surrogate pair (a character past U+FFFF) on either side of a fold.
      expect(line).not.toMatch(/^ ?[\udc00-\udfff]|[\ud800-\udbff]$/);
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThanOrEqual(10);
    expect(lines.some((line) => Buffer.byteLength(line, 'utf8') === 75)).toBe(true);
    expect(parsed(content).summary).toBe(long.trim());
  });

  it('reads back any summary, description and names as written (ical.js parses what it is given)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 300 });
    fc.assert(
      fc.property(text, text, text, (summary, description, name) => {
        const ics = parsed(meetingInvitation({ ...REQUEST, summary, description, attendee: { name, email: 'jane@example.org' } }).content);
        // eslint-disable-next-line no-control-regex -- the control characters a calendar value cannot hold
        const clean = (value: string) => value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
        const oneLine = (value: string) => clean(value).replace(/\s+/g, ' ').trim();
        expect(ics.summary).toBe(oneLine(summary));
        expect(ics.description).toBe(clean(description));
        expect(ics.attendees[1]?.cn).toBe(oneLine(name) === '' ? undefined : oneLine(name));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a meeting that does not end after it starts, and a sequence that is not a whole number from 0', () => {
    expect(() => meetingInvitation({ ...REQUEST, end: REQUEST.start })).toThrow('a meeting ends after it starts');
    expect(() => meetingInvitation({ ...REQUEST, sequence: -1 })).toThrow('sequence');
    expect(() => meetingInvitation({ ...REQUEST, sequence: 1.5 })).toThrow('sequence');
  });
});

describe(foldLine.name, () => {
  it('leaves a line of 75 octets whole and continues a longer one on lines of a space and up to 74 octets', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    expect(foldLine('x'.repeat(75 + 74 + 1))).toBe(`${'x'.repeat(75)}\r\n ${'x'.repeat(74)}\r\n x`);
  });

  it('counts UTF-8 octets: a three-octet character that would pass 75 goes to the next line', () => {
    expect(foldLine(`${'x'.repeat(73)}李`)).toBe(`${'x'.repeat(73)}\r\n 李`);
    expect(foldLine(`${'x'.repeat(72)}李`)).toBe(`${'x'.repeat(72)}李`);
  });
});
