import { textSummary } from './text-summary';

describe(textSummary.name, () => {
  it('keeps a text that fits whole, on one line', () => {
    expect(textSummary('Build and run\n\nthe web  platforms.', 40)).toBe('Build and run the web platforms.');
  });

  it('keeps a text of exactly the length whole', () => {
    expect(textSummary('a'.repeat(20), 20)).toBe('a'.repeat(20));
  });

  it('cuts a longer text after its last whole word that fits, with an ellipsis', () => {
    expect(textSummary('Plan and run paid and organic campaigns for our clients.', 30)).toBe('Plan and run paid and organic…');
  });

  it('is at most the length given, the ellipsis included', () => {
    const text = 'word '.repeat(100);
    for (const max of [10, 11, 12, 13, 14, 160]) expect(textSummary(text, max).length).toBeLessThanOrEqual(max);
  });

  it('keeps a word that ends right at the cut', () => {
    expect(textSummary('abcd efgh ijkl', 10)).toBe('abcd efgh…');
  });

  it('leaves no punctuation before the ellipsis', () => {
    expect(textSummary('First part, second part, third part', 13)).toBe('First part…');
  });

  it('cuts inside a word longer than the whole summary', () => {
    expect(textSummary('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
