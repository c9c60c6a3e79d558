import { deliveryMail } from './delivery-mails';
import { describeFailure, retryDelayMs } from './delivery-worker';

const context = { publicUrl: 'https://www.example.com', companyName: 'Brightwave Technologies' };
const lead = {
  kind: 'lead' as const,
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  name: 'Mallory "<img src=x onerror=alert(1)>"',
  email: 'mallory@example.com',
  service: 'web' as const,
  message: '<a href="javascript:alert(1)">click</a> & more',
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
    expect(describeFailure(new Error('connect to smtps://user:secret@mail.example.com:465 failed\nECONNREFUSED'))).toBe(
      'connect to <url> failed ECONNREFUSED',
    );
  });
});
