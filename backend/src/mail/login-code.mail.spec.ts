import { loginCodeMail } from './login-code.mail';

describe(loginCodeMail.name, () => {
  it('says the code and when it expires in both parts', () => {
    const mail = loginCodeMail({ email: 'ada@example.com', name: 'Ada' }, '042917');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.text).toContain('Your verification code is 042917\n');
    expect(mail.text).toContain('It expires in 5 minutes');
    expect(mail.html).toContain('>042917</strong>');
    expect(mail.html).toContain('It expires in 5 minutes');
  });

  it('escapes the admin name in the HTML part', () => {
    const mail = loginCodeMail({ email: 'x@example.com', name: '<img src=x onerror=alert(1)> & "co"' }, '123456');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;,');
    expect(mail.html).not.toContain('<img');
  });
});
