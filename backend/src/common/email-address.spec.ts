import { isDeliverableAddress } from './email-address';

describe(isDeliverableAddress.name, () => {
  it.each([
    ['a quoted local part holding a comma', '"a,b"@x.test'],
    ['a quoted local part holding an @', '"a@b"@x.test'],
    ['a quoted local part alone', '"a"@x.test'],
    ['a quoted local part with a space', '"john smith"@x.test'],
    ['two addresses with a comma', 'a@x.test,b@y.test'],
    ['two addresses with a semicolon', 'a@x.test;b@y.test'],
    ['a comma in the local part', 'a,b@x.test'],
    ['a semicolon in the local part', 'a;b@x.test'],
    ['angle brackets', '<a@x.test>'],
    ['a display name', 'A <a@x.test>'],
    ['a quoted display name', '"Boss" <a@x.test>'],
    ['a display name hiding a second address', 'a@x.test <b@y.test>'],
    ['a comment in the local part', 'a(c)@x.test'],
    ['a trailing comment', 'a@x.test (c)'],
    ['a comment holding an address', 'a@x.test(b@y.test)'],
    ['group syntax', 'g:a@x.test;'],
    ['group syntax with two members', 'team:a@x.test,b@y.test;'],
    ['a space', 'a b@x.test'],
    ['a tab', 'a\tb@x.test'],
    ['CR LF (header injection)', 'a@x.test\r\nBcc: b@y.test'],
    ['a lone LF', 'a@x.test\nb@y.test'],
    ['a NUL', 'a\u0000@x.test'],
    ['a non-breaking space', 'a\u00a0b@x.test'],
    ['a line separator', 'a@x.test\u2028b@y.test'],
    ['a zero-width space', 'a\u200b@x.test'],
    ['a right-to-left override', 'a\u202e@x.test'],
    ['two @', 'a@b@x.test'],
    ['a backslash escape', 'a\\@b@x.test'],
    ['a domain literal', 'a@[127.0.0.1]'],
    ['a MIME encoded word', '=?utf-8?q?a?=@x.test'],
    ['an encoded word holding a comma', '=?utf-8?q?a=2Cb?=@x.test'],
    ['no domain dot', 'a@localhost'],
    ['no local part', '@x.test'],
    ['no @', 'a.x.test'],
    ['an empty string', ''],
    ['too long', `${'a'.repeat(250)}@x.test`],
  ])('refuses %s: %j', (_what, address) => {
    expect(isDeliverableAddress(address)).toBe(false);
  });

  it.each([
    'a@x.test',
    'first.last@example.com',
    "o'brien@example.ie",
    'a+tag@x.test',
    'a_b-c@sub.x.test',
    'a%b@x.test',
    'ü@exämple.test',
    'a@xn--bcher-kva.test',
  ])('accepts the plain mailbox %s', (address) => {
    expect(isDeliverableAddress(address)).toBe(true);
  });

  it.each([undefined, null, 42, ['a@x.test'], { address: 'a@x.test' }])('refuses what is not a string: %j', (value) => {
    expect(isDeliverableAddress(value)).toBe(false);
  });
});
