import ICAL from 'ical.js';
import { deliveryMail, type DeliverySubject } from '../deliveries/delivery-mails';
import {
  isMeetingMailPayload,
  MEETING_MAIL_KINDS,
  meetingInvitationMails,
  meetingMail,
  meetingReminders,
  meetingTimeText,
  type MeetingForMails,
  type MeetingMailKind,
  type MeetingMessage,
} from './meeting-mails';

const context = { publicUrl: 'https://www.example.com', companyName: 'Brightwave Technologies', now: new Date('2026-03-20T09:00:00Z') };
const LEAD_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** A call in the week Europe moves its clocks (29 March) and three weeks after the US did: 5 hours apart, not 6. */
const MEETING: MeetingForMails = {
  id: '6f1c2a4e-9b1d-4c55-8d7e-2f1a3b4c5d6e',
  item: { kind: 'lead', id: LEAD_ID },
  start: new Date('2026-03-27T14:00:00Z'),
  end: new Date('2026-03-27T14:30:00Z'),
  sequence: 0,
  staff: { name: 'Ann Lee', email: 'ann@example.com', timeZone: 'Europe/Berlin' },
  visitor: { name: 'Jane Doe', email: 'jane@example.org', timeZone: 'America/New_York' },
  links: { reschedule: 'https://www.example.com/book/tok?a=1&b=2', cancel: 'https://www.example.com/book/tok/cancel' },
};

const toVisitor = (messages: MeetingMessage[]) => messages.find((message) => message.payload.audience === 'visitor')!;
const toStaff = (messages: MeetingMessage[]) => messages.find((message) => message.payload.audience === 'staff')!;

/** The invitation of a row, read by ical.js. */
function invitationOf(message: MeetingMessage) {
  if (!message.calendar) throw new Error('no calendar part');
  const calendar = new ICAL.Component(ICAL.parse(message.calendar.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    summary: event.getFirstPropertyValue('summary') as string,
    description: event.getFirstPropertyValue('description') as string,
    attendees: event.getAllProperties('attendee').map((attendee) => ({ address: attendee.getFirstValue(), cn: attendee.getParameter('cn') })),
  };
}

describe(meetingInvitationMails.name, () => {
  it('queues the booked call to the visitor and to the staff member, about the item, each with a REQUEST of the one UID', () => {
    const messages = meetingInvitationMails(MEETING, 'booked', context);
    expect(messages.map((message) => [message.topic, message.recipient])).toEqual([
      ['lead.meeting', 'jane@example.org'],
      ['lead.meeting', 'ann@example.com'],
    ]);
    const [visitor, staff] = [invitationOf(toVisitor(messages)), invitationOf(toStaff(messages))];
    expect(toVisitor(messages).calendar?.method).toBe('REQUEST');
    for (const invitation of [visitor, staff]) {
      expect(invitation).toMatchObject({ method: 'REQUEST', uid: `${MEETING.id}@www.example.com`, sequence: 0, status: 'CONFIRMED', start: MEETING.start });
    }
    expect(visitor.summary).toBe('Call with Brightwave Technologies');
    expect(staff.summary).toBe('Call with Jane Doe');
  });

  it('gives the visitor their reschedule and cancel links in the invitation, and the staff member the item’s page instead', () => {
    const messages = meetingInvitationMails(MEETING, 'booked', context);
    expect(invitationOf(toVisitor(messages)).description).toBe(
      'Your call with Ann Lee of Brightwave Technologies is booked.\n\n' +
        'Reschedule: https://www.example.com/book/tok?a=1&b=2\nCancel the call: https://www.example.com/book/tok/cancel',
    );
    const staff = invitationOf(toStaff(messages)).description;
    expect(staff).toBe(`Jane Doe booked a call with you about their quote request.\n\nOpen the quote request: https://www.example.com/admin/leads/${LEAD_ID}`);
  });

  it('keeps the UID on a reschedule and carries the raised sequence and the new time', () => {
    const booked = invitationOf(toVisitor(meetingInvitationMails(MEETING, 'booked', context)));
    const moved = { ...MEETING, start: new Date('2026-03-31T13:00:00Z'), end: new Date('2026-03-31T13:30:00Z'), previousStart: MEETING.start, sequence: 1 };
    const messages = meetingInvitationMails(moved, 'rescheduled', context);
    for (const message of messages) {
      expect(invitationOf(message)).toMatchObject({ method: 'REQUEST', uid: booked.uid, sequence: 1, start: moved.start });
    }
    const mail = meetingMail(toVisitor(messages).payload);
    expect(mail.subject).toBe('Your call with Brightwave Technologies has moved');
    expect(mail.text).toContain('When: Tuesday 31 March 2026, 09:00–09:30 (America/New_York)\nBefore: Friday 27 March 2026, 10:00 (America/New_York)');
  });

  it('cancels with METHOD:CANCEL to both, and gives the visitor no links to a call that is off', () => {
    const messages = meetingInvitationMails({ ...MEETING, sequence: 2 }, 'cancelled', context);
    for (const message of messages) {
      expect(message.calendar?.method).toBe('CANCEL');
      expect(invitationOf(message)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2, uid: `${MEETING.id}@www.example.com` });
    }
    expect(invitationOf(toVisitor(messages)).description).toBe('Your call with Ann Lee of Brightwave Technologies is cancelled.');
    const mail = meetingMail(toVisitor(messages).payload);
    expect(mail.text).not.toContain('/book/');
    expect(mail.text).toContain('The cancellation is attached: open it to take the call off your calendar.\n\nTo find another time, reply to this mail.');
  });

  it('sends reminders without a calendar part (the calendar already holds the call)', () => {
    for (const kind of ['reminder-24h', 'reminder-1h'] as const) {
      const messages = meetingInvitationMails(MEETING, kind, context);
      expect(messages.map((message) => message.calendar)).toEqual([null, null]);
      expect(meetingMail(toVisitor(messages).payload).text).not.toContain('attached');
    }
  });

  it('names the visitor in their own invitation only by a plain name; the staff member’s shows the name as typed', () => {
    const phishing = { ...MEETING, visitor: { ...MEETING.visitor, name: 'Visit phish.example/login now' } };
    const messages = meetingInvitationMails(phishing, 'booked', context);
    const visitorCopy = toVisitor(messages);
    expect(invitationOf(visitorCopy).attendees[1]).toEqual({ address: 'mailto:jane@example.org', cn: undefined });
    expect(visitorCopy.calendar?.content).not.toContain('phish');
    const mail = meetingMail(visitorCopy.payload);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('phish');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(invitationOf(toStaff(messages)).attendees[1]?.cn).toBe('Visit phish.example/login now');
    expect(invitationOf(toVisitor(meetingInvitationMails(MEETING, 'booked', context))).attendees[1]?.cn).toBe('Jane Doe');
  });
});

describe(meetingMail.name, () => {
  const SUBJECTS: Array<[MeetingMailKind, string, string]> = [
    ['booked', 'Your call with Brightwave Technologies is booked', 'Call booked: Jane Doe'],
    ['rescheduled', 'Your call with Brightwave Technologies has moved', 'Call moved: Jane Doe'],
    ['cancelled', 'Your call with Brightwave Technologies is cancelled', 'Call cancelled: Jane Doe'],
    ['reminder-24h', 'Reminder: your call with Brightwave Technologies is tomorrow', 'Reminder: call with Jane Doe tomorrow'],
    ['reminder-1h', 'Reminder: your call with Brightwave Technologies starts in an hour', 'Reminder: call with Jane Doe in an hour'],
  ];

  it('covers every kind of meeting mail', () => {
    expect(SUBJECTS.map(([kind]) => kind)).toEqual([...MEETING_MAIL_KINDS]);
  });

  it.each(SUBJECTS)('%s: the visitor’s subject, and the staff member’s', (kind, visitorSubject, staffSubject) => {
    const messages = meetingInvitationMails(MEETING, kind, context);
    expect(meetingMail(toVisitor(messages).payload).subject).toBe(visitorSubject);
    expect(meetingMail(toStaff(messages).payload).subject).toBe(staffSubject);
  });

  it('tells the visitor the time in the zone they booked in, with their links, and sends their answer to the staff member', () => {
    const mail = meetingMail(toVisitor(meetingInvitationMails(MEETING, 'booked', context)).payload);
    expect(mail.text).toBe(
      [
        'Hello Jane Doe,',
        'Your call with Ann Lee of Brightwave Technologies is booked.',
        'When: Friday 27 March 2026, 10:00–10:30 (America/New_York)\nWith: Ann Lee, Brightwave Technologies',
        'The invitation is attached: open it to add the call to your calendar.',
        'Reschedule: https://www.example.com/book/tok?a=1&b=2',
        'Cancel the call: https://www.example.com/book/tok/cancel',
        'Brightwave Technologies',
      ].join('\n\n'),
    );
    expect(mail.html).toContain('<p><a href="https://www.example.com/book/tok?a=1&amp;b=2">Reschedule</a></p>');
    expect(mail.replyTo).toEqual({ name: 'Ann Lee', address: 'ann@example.com' });
  });

  it('tells the staff member the time on their own clock, whom the call is with and where the item is, and sends their answer to the visitor', () => {
    const mail = meetingMail(toStaff(meetingInvitationMails(MEETING, 'booked', context)).payload);
    expect(mail.text).toBe(
      [
        'Jane Doe booked a call with you about their quote request.',
        'When: Friday 27 March 2026, 15:00–15:30 (Europe/Berlin)\nWith: Jane Doe\nEmail: jane@example.org',
        'The invitation is attached: open it to add the call to your calendar.',
        `Open the quote request: https://www.example.com/admin/leads/${LEAD_ID}`,
        'Brightwave Technologies',
      ].join('\n\n'),
    );
    expect(mail.text).not.toContain('/book/');
    expect(mail.replyTo).toEqual({ name: 'Jane Doe', address: 'jane@example.org' });
  });

  it('words a call booked from a contact message after it', () => {
    const messages = meetingInvitationMails({ ...MEETING, item: { kind: 'contact', id: LEAD_ID } }, 'booked', context);
    expect(messages.map((message) => message.topic)).toEqual(['contact.meeting', 'contact.meeting']);
    expect(meetingMail(toStaff(messages).payload).text).toContain(`about their contact message.`);
    expect(meetingMail(toStaff(messages).payload).text).toContain(`Open the contact message: https://www.example.com/admin/queries/${LEAD_ID}`);
  });

  it('escapes what the visitor typed in the staff member’s HTML part, on one line in the subject', () => {
    const visitor = { ...MEETING.visitor, name: 'Eve <b>Bold</b>\r\nBcc: x@example.com' };
    const mail = meetingMail(toStaff(meetingInvitationMails({ ...MEETING, visitor }, 'booked', context)).payload);
    expect(mail.subject).toBe('Call booked: Eve <b>Bold</b> Bcc: x@example.com');
    expect(mail.html).toContain('Eve &lt;b&gt;Bold&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });

  it('is what the outbox sends for a meeting row, from its payload read back as JSON', () => {
    const subject: DeliverySubject = {
      kind: 'lead',
      id: LEAD_ID,
      name: 'Jane Doe',
      email: 'jane@example.org',
      service: 'web',
      message: 'Hello',
      answers: [],
      createdAt: new Date(),
    };
    const outboxContext = { publicUrl: context.publicUrl, companyName: context.companyName };
    for (const message of meetingInvitationMails(MEETING, 'rescheduled', context)) {
      const stored = JSON.parse(JSON.stringify(message.payload)) as Record<string, unknown>;
      expect(isMeetingMailPayload(stored)).toBe(true);
      expect(deliveryMail(message.topic, subject, outboxContext, stored)).toEqual(meetingMail(message.payload));
    }
    expect(() => deliveryMail('lead.meeting', subject, outboxContext, null)).toThrow('a meeting mail without its meeting');
  });
});

describe(meetingReminders.name, () => {
  it('schedules both reminders for a call more than a day ahead, 24 hours and 1 hour before it', () => {
    expect(meetingReminders(MEETING.start, context.now)).toEqual([
      { kind: 'reminder-24h', sendAt: new Date('2026-03-26T14:00:00Z') },
      { kind: 'reminder-1h', sendAt: new Date('2026-03-27T13:00:00Z') },
    ]);
  });

  it('leaves out a reminder whose time has already passed', () => {
    expect(meetingReminders(MEETING.start, new Date('2026-03-27T11:00:00Z'))).toEqual([{ kind: 'reminder-1h', sendAt: new Date('2026-03-27T13:00:00Z') }]);
    expect(meetingReminders(MEETING.start, new Date('2026-03-27T13:30:00Z'))).toEqual([]);
  });
});

describe(meetingTimeText.name, () => {
  it('shows the time on the clock of the zone, across its change to summer time', () => {
    expect(meetingTimeText(new Date('2026-03-27T14:00:00Z'), new Date('2026-03-27T14:30:00Z'), 'Europe/Berlin')).toBe(
      'Friday 27 March 2026, 15:00–15:30 (Europe/Berlin)',
    );
    expect(meetingTimeText(new Date('2026-03-30T14:00:00Z'), new Date('2026-03-30T14:30:00Z'), 'Europe/Berlin')).toBe(
      'Monday 30 March 2026, 16:00–16:30 (Europe/Berlin)',
    );
  });

  it('says the end’s day when the call ends on another one, and reads a zone it does not know as UTC', () => {
    expect(meetingTimeText(new Date('2026-03-27T23:30:00Z'), new Date('2026-03-28T00:30:00Z'), 'Mars/Olympus')).toBe(
      'Friday 27 March 2026, 23:30–Saturday 28 March 2026, 00:30 (UTC)',
    );
  });
});
