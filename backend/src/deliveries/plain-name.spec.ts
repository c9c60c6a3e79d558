import { PLAIN_NAME_MAX_LENGTH, plainName } from './plain-name';

describe(plainName.name, () => {
  it.each([
    ["Ann-Marie O'Neil"],
    ['José Núñez'],
    ['Dr. Chen'],
    ['Zoë d’Arcy'],
    ['Nguyễn Thị Minh Khai'],
    ['Владимир Петров'],
    ['李小龍'],
    ['محمد علي'],
    ['Jos\u0065\u0301 Nu\u006e\u0303ez'],
    ['Jr.'],
    ['A'.repeat(PLAIN_NAME_MAX_LENGTH)],
  ])('greets %s by name', (name) => {
    expect(plainName(name)).toBe(name);
  });

  it('greets by the trimmed name', () => {
    expect(plainName('  Ada Lovelace \n')).toBe('Ada Lovelace');
  });

  it.each([
    ['a link', 'Visit phish.example/login'],
    ['a domain', 'Visit phish.example'],
    ['a domain in capitals', 'PHISH.COM'],
    ['an address', 'bob@evil.test'],
    ['a URL', 'http://x'],
    ['the word www', 'www example com'],
    ['two dots in a row', 'Ann..Lee'],
    [`more than ${PLAIN_NAME_MAX_LENGTH} letters`, 'A'.repeat(PLAIN_NAME_MAX_LENGTH + 1)],
    ['digits', 'Call 555 0100'],
    ['a line break', 'Ann\nLee'],
    ['a tab', 'Ann\tLee'],
    ['markup', '<b>Ann</b>'],
    ['an exclamation', 'Win now!'],
    ['a right-to-left override', 'Ann\u202eLee'],
    ['a zero-width space', 'phish\u200b.example'],
    ['a full-width dot', 'phish\uff0eexample'],
    ['a leading punctuation mark', '-Ann'],
    ['nothing', '   '],
  ])('greets without the name when it holds %s', (_what, name) => {
    expect(plainName(name)).toBeUndefined();
  });
});
