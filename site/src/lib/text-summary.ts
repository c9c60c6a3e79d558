/**
 * The beginning of a text on one line, at most `max` characters with its ellipsis: cut after a whole word, the
 * ellipsis added when anything was left out (a job card's summary of its description, decision 069).
 */
export function textSummary(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const head = line.slice(0, max - 1);
  const wordEnd = line[max - 1] === ' ' ? head.length : head.lastIndexOf(' ');
  // A word longer than the whole summary is cut inside it.
  return `${(wordEnd > 0 ? head.slice(0, wordEnd) : head).replace(/[,;:.!?-]$/, '')}…`;
}
