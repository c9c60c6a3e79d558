/** Longer than this is not a name we repeat to its owner (in code points, after trimming). */
export const PLAIN_NAME_MAX_LENGTH = 60;

/** Letters of any script with their combining marks, spaces, apostrophes, hyphens and dots; a letter first. */
const NAME_CHARACTERS = /^\p{L}[\p{L}\p{M} '’.-]*$/u;
/**
 * What makes a run of letters read as a link or an address: a dot directly followed by a letter (`phish.example`,
 * `x.co`), two dots in a row, or the word `www`. `@`, `/`, `:` and digits are already outside NAME_CHARACTERS.
 */
const LINK_SHAPE = /\.[\p{L}\p{M}]|\.\.|(?<![\p{L}\p{M}])www(?![\p{L}\p{M}])/iu;

/**
 * The visitor's name as a confirmation may greet them with, or undefined when it is not a plain name. A
 * confirmation goes to an address anyone can type into our forms, so it repeats nothing that could carry a message
 * or a link: a name such as `Visit phish.example/login` or `bob@evil.test` gets a greeting without it.
 */
export function plainName(name: string): string | undefined {
  const trimmed = name.trim();
  if ([...trimmed].length > PLAIN_NAME_MAX_LENGTH) return undefined;
  if (!NAME_CHARACTERS.test(trimmed) || LINK_SHAPE.test(trimmed)) return undefined;
  return trimmed;
}
