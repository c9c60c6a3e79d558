import type { StoredAnswer } from '@brightwave/common';
import { deliveryMail } from './delivery-mails';
import { companyNameOf, describeFailure, retryDelayMs, withoutAddresses } from './delivery-worker';

const noAnswers: StoredAnswer[] = [];
const context = { publicUrl: 'https://www.example.com', companyName: 'Brightwave Technologies' };
const lead = {
  kind: 'lead' as const,
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  name: 'Mallory "<img src=x onerror=alert(1)>"',
  email: 'mallory@example.com',
  service: 'web' as const,
  message: '<a href="javascript:alert(1)">click</a> & more',
  answers: [],
  createdAt: new Date('2026-11-23T10:00:00Z'),
};

describe(deliveryMail.name, () => {
  it('escapes every visitor value in the HTML part and keeps it as typed in the text part', () => {
    const mail = deliveryMail('lead.staff', lead, context);
    expect(mail.html).not.toMatch(/<img|<a href="javascript/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&amp; more');
    expect(mail.text).toContain('Message: <a href="javascript:alert(1)">click</a> & more');
  });

  it('puts the visitor in Reply-To and the link to the admin app in the body of staff mails', () => {
    const mail = deliveryMail('lead.staff', lead, context);
    expect(mail.replyTo).toEqual({ name: lead.name, address: lead.email });
    expect(mail.text).toContain('https://www.example.com/admin/leads');
  });

  it('writes a subject on one line whatever the visitor typed', () => {
    const mail = deliveryMail('lead.staff', { ...lead, name: 'Eve\r\nBcc: victim@example.com' }, context);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.replyTo?.name).not.toMatch(/[\r\n]/);
  });

  it('confirms to the visitor without Reply-To', () => {
    const mail = deliveryMail('lead.confirmation', lead, context);
    expect(mail.subject).toBe('We received your quote request');
    expect(mail.replyTo).toBeUndefined();
  });
});

describe('a confirmation carries no text the visitor typed', () => {
  const phishing = 'Your account is locked: verify it at https://phish.example/login within 24 hours';
  const createdAt = new Date('2026-11-23T10:00:00Z');
  const job = { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3302', title: 'Data Engineer', department: 'engineering' as const };
  const confirmations = [
    ['lead.confirmation', { ...lead, name: 'Visit phish.example', message: phishing }],
    [
      'contact.confirmation',
      {
        kind: 'contact',
        id: lead.id,
        name: 'Visit phish.example',
        email: lead.email,
        phone: '+15550100',
        department: 'billing',
        message: phishing,
        answers: noAnswers,
        createdAt,
      },
    ],
    [
      'application.confirmation',
      {
        kind: 'application',
        id: lead.id,
        fullName: 'Visit phish.example',
        email: lead.email,
        phone: '+15550100',
        experience: 'See phish.example',
        coverLetter: phishing,
        portfolio: 'https://phish.example/portfolio',
        answers: noAnswers,
        knockout: null,
        createdAt,
        job,
      },
    ],
  ] as const;

  it.each(confirmations)('%s: no message, phone, cover letter, link or non-plain name, in any part', (topic, subject) => {
    const mail = deliveryMail(topic, subject, context);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/phish|verify|locked|5550100/i);
    }
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.html).toContain('<p>Hello,</p>');
  });

  it.each(confirmations)('%s: names our own label and the date, and greets a plain name', (topic, subject) => {
    const named = 'fullName' in subject ? { ...subject, fullName: "Ann-Marie O'Neil" } : { ...subject, name: "Ann-Marie O'Neil" };
    const mail = deliveryMail(topic, named, context);
    expect(mail.text).toContain("Hello Ann-Marie O'Neil,");
    expect(mail.text).toContain('Received: Mon, 23 Nov 2026 10:00:00 GMT');
    expect(mail.text).toContain({ lead: 'Service: Web Designing', contact: 'Department: Billing', application: 'Position: Data Engineer' }[subject.kind]);
    expect(mail.subject).not.toContain('Ann-Marie');
  });

  it('keeps every field in the staff mail of the same submission', () => {
    const mail = deliveryMail('lead.staff', { ...lead, name: 'Visit phish.example', message: phishing }, context);
    expect(mail.text).toContain(`Message: ${phishing}`);
    expect(mail.text).toContain('Name: Visit phish.example');
  });
});

describe(retryDelayMs.name, () => {
  it('retries first within 15 s (± 20 %), doubling, never beyond 10 minutes', () => {
    expect(retryDelayMs(1, () => 0)).toBe(12_000);
    expect(retryDelayMs(1, () => 1)).toBe(18_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(30, () => 0.5)).toBe(600_000);
  });
});

describe(describeFailure.name, () => {
  it('keeps no URL (an SMTP URL may carry a password) and no line breaks', () => {
    expect(describeFailure(new Error('connect to smtps://user:secret@mail.example.com:465 failed\nECONNREFUSED'))).toBe('connect to <url> failed ECONNREFUSED');
    expect(describeFailure('550-smtp://user:secret@mail.example.com refused')).toBe('550-<url> refused');
  });
});

describe(withoutAddresses.name, () => {
  it('hides every address a refusal quotes', () => {
    expect(withoutAddresses('550 <ann@example.com>: unknown; also "bo.lee@example.org"')).toBe('550 <<address>>: unknown; also "<address>"');
  });
});

describe(companyNameOf.name, () => {
  it("reads MAIL_FROM's display name, quoted or not, and falls back without one", () => {
    expect(companyNameOf('Brightwave Labs <no-reply@example.com>')).toBe('Brightwave Labs');
    expect(companyNameOf(' "Acme, Inc." <no-reply@example.com>')).toBe('Acme, Inc.');
    for (const from of ['no-reply@example.com', '<no-reply@example.com>', '"" <no-reply@example.com>', 'A "b" c <x@example.com>']) {
      expect(companyNameOf(from)).toBe('Brightwave Technologies');
    }
  });
});
