import { candidateMail, type CandidateMailPayload } from './candidate-mail';

const payload: CandidateMailPayload = {
  subject: 'Your application for {{jobTitle}}',
  body: 'Hello {{firstName}},\r\n\r\nBook a time: {{bookingLink}}.\n\n  \n\nThe {{companyName}} team ({{unknown}})',
  companyName: 'Brightwave Technologies',
  bookingLink: 'https://cal.com/rita?a=1&b=2',
  replyTo: { name: 'Rita Recruiter', address: 'rita@example.com' },
  sentById: '3f2504e0-4f89-41d3-9a0c-0305e82c3302',
  templateId: null,
};

describe('candidateMail', () => {
  it('fills the placeholders, keeps the paragraphs, links web addresses, and replies to the recruiter', () => {
    const mail = candidateMail({ fullName: 'Ann Marie Lee', jobTitle: 'Data Engineer' }, payload);
    expect(mail.subject).toBe('Your application for Data Engineer');
    expect(mail.text).toBe('Hello Ann,\n\nBook a time: https://cal.com/rita?a=1&b=2.\n\nThe Brightwave Technologies team ({{unknown}})');
    expect(mail.html).toContain('<p>Book a time: <a href="https://cal.com/rita?a=1&amp;b=2">https://cal.com/rita?a=1&amp;b=2</a>.</p>');
    expect(mail.replyTo).toEqual({ name: 'Rita Recruiter', address: 'rita@example.com' });
  });

  it("never reads the candidate's values as placeholders, and escapes them in HTML", () => {
    const mail = candidateMail({ fullName: '{{bookingLink}} <img src=x onerror=alert(1)>', jobTitle: '<b>Ops</b>' }, payload);
    expect(mail.subject).toBe('Your application for <b>Ops</b>');
    expect(mail.text).toContain('Hello {{bookingLink}},');
    expect(mail.html).toContain('<p>Hello {{bookingLink}},</p>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;b&gt;Ops&lt;/b&gt;');
  });
});
