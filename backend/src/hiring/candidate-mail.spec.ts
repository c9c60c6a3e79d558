import { CANDIDATE_BODY_MAX_LENGTH, CANDIDATE_SUBJECT_MAX_LENGTH, MAX_LENGTH, unknownPlaceholders } from '@brightwave/common';
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

const PHISHING_NAME = 'https://brightwave-careers.example/verify-identity Smith';
const job = { jobTitle: 'Data Engineer' };

/** The web addresses the HTML part links to. */
const linksIn = (markup: string) => [...markup.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1]);

describe('candidateMail', () => {
  it('fills the placeholders, keeps the paragraphs, links web addresses, and replies to the recruiter', () => {
    const mail = candidateMail({ fullName: 'Ann Marie Lee', jobTitle: 'Data Engineer' }, payload);
    expect(mail.subject).toBe('Your application for Data Engineer');
    expect(mail.text).toBe('Hello Ann,\n\nBook a time: https://cal.com/rita?a=1&b=2.\n\nThe Brightwave Technologies team ({{unknown}})');
    expect(mail.html).toContain('<p>Book a time: <a href="https://cal.com/rita?a=1&amp;b=2">https://cal.com/rita?a=1&amp;b=2</a>.</p>');
    expect(mail.replyTo).toEqual({ name: 'Rita Recruiter', address: 'rita@example.com' });
  });

  it('greets by a plain name of any script, first word and whole', () => {
    const mail = candidateMail(
      { fullName: '  Zoë Ångström-Lee ', ...job },
      { ...payload, subject: 'For {{fullName}}', body: 'Hello {{firstName}} ({{fullName}}),' },
    );
    expect(mail.subject).toBe('For Zoë Ångström-Lee');
    expect(mail.text).toBe('Hello Zoë (Zoë Ångström-Lee),');
  });

  it('leaves out a name that is not a plain name, with the space before it, in the subject and the body', () => {
    const text = { subject: 'News for {{fullName}}', body: 'Hello {{firstName}},\n\nDear {{fullName}}, thank you.\n\n{{firstName}}' };
    for (const fullName of [PHISHING_NAME, 'Smith https://phish.example/x', 'bob@evil.test', 'Visit phish.example now', 'www Lee', 'x'.repeat(61)]) {
      const mail = candidateMail({ fullName, ...job }, { ...payload, ...text });
      expect({ fullName, subject: mail.subject, text: mail.text }).toEqual({ fullName, subject: 'News for', text: 'Hello,\n\nDear, thank you.' });
      expect(mail.html).not.toContain('<a');
    }
  });

  it('never turns a value into a link or a placeholder, and escapes it in HTML; only the template links', () => {
    const values = { fullName: '{{bookingLink}} <img src=x onerror=alert(1)>', jobTitle: 'https://evil.example/login <b>Ops</b> {{bookingLink}}' };
    const mail = candidateMail(values, { ...payload, body: 'Hello {{firstName}}, about {{jobTitle}}: see https://brightwave.example/jobs or {{bookingLink}}' });
    expect(mail.subject).toBe('Your application for https://evil.example/login <b>Ops</b> {{bookingLink}}');
    expect(mail.text).toBe(
      'Hello, about https://evil.example/login <b>Ops</b> {{bookingLink}}: see https://brightwave.example/jobs or https://cal.com/rita?a=1&b=2',
    );
    expect(linksIn(mail.html)).toEqual(['https://brightwave.example/jobs', 'https://cal.com/rita?a=1&amp;b=2']);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('https://evil.example/login &lt;b&gt;Ops&lt;/b&gt; {{bookingLink}}');
  });

  it('finds a link in the template text before a value is put next to it', () => {
    const mail = candidateMail(
      { fullName: 'Ann Lee', jobTitle: 'ops.evil.example/login' },
      { ...payload, body: 'Read https://brightwave.example/careers/{{jobTitle}}' },
    );
    expect(mail.text).toBe('Read https://brightwave.example/careers/ops.evil.example/login');
    expect(linksIn(mail.html)).toEqual(['https://brightwave.example/careers/']);
  });

  it('leaves out the booking link, with the space before it, once it is no longer set', () => {
    const mail = candidateMail({ fullName: 'Ann Lee', ...job }, { ...payload, bookingLink: null, body: 'Pick a time: {{bookingLink}}' });
    expect(mail.text).toBe('Pick a time:');
    expect(mail.html).not.toContain('<a');
  });

  it('validates and renders the largest subject and body the API accepts, whatever their shape, in under 50 ms', () => {
    const fit = (max: number, start: string, unit: string) => (start + unit.repeat(Math.ceil(max / unit.length))).slice(0, max);
    // Shapes that made placeholder and link patterns backtrack: unclosed `{{` before white space or a name, braces,
    // addresses that never end in a letter, runs of blank lines, and as many placeholders and links as fit.
    const shapes: Array<[string, string]> = [
      ['{{', ' '],
      ['{{', '\t\n '],
      ['', '{{ '],
      ['', '{{ firstName '],
      ['{{ firstName', ' '],
      ['', '{'],
      ['', '}'],
      ['', '{{}'],
      ['', '{{firstName}}'],
      ['', ' {{fullName}}'],
      ['', '{{bookingLink}}'],
      ['https://{{', ' '],
      ['', 'https://'],
      ['https://', '.'],
      ['http://a', '!'],
      ['', 'https://xy '],
      ['\n', ' '],
      ['', '\n \n'],
      ['', ' \n'],
    ];
    // A name that is used (as long as a plain name may be) and the longest one that is not.
    const names = ['Zoë Ångström '.repeat(4).trim(), `${PHISHING_NAME} `.repeat(MAX_LENGTH.name).slice(0, MAX_LENGTH.name)];
    const validateAndRender = (subject: string, body: string, fullName: string) => {
      unknownPlaceholders(subject);
      unknownPlaceholders(body);
      candidateMail({ fullName, ...job }, { ...payload, subject, body });
    };
    // CPU time, the best of three: what the event loop is held for, not how long a busy machine took to give it.
    const cpuMs = (run: () => void) => {
      const before = process.cpuUsage();
      run();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const times = shapes.flatMap(([start, unit]) => {
      const subject = fit(CANDIDATE_SUBJECT_MAX_LENGTH, start, unit);
      const body = fit(CANDIDATE_BODY_MAX_LENGTH, start, unit);
      return names.map((fullName) => ({
        shape: JSON.stringify(start + unit),
        fullName,
        ms: Math.min(...[1, 2, 3].map(() => cpuMs(() => validateAndRender(subject, body, fullName)))),
      }));
    });
    expect(times.filter(({ ms }) => ms >= 50)).toEqual([]);
  });
});
