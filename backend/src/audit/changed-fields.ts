/**
 * JSON with every object's keys in sorted order: a jsonb column gives its objects' keys back in an order of its own,
 * so a stored value compares equal to the same value as a request sent it.
 */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** Whether two values are the same as JSON, whatever the order of their objects' keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return sortedJson(a) === sortedJson(b);
}

/** The names of the fields of `after` whose value differs from `before` (compared as JSON): an update's audit details. */
export function changedFields<T extends object>(before: T, after: Partial<T>): string[] {
  return (Object.keys(after) as (keyof T & string)[]).filter((field) => after[field] !== undefined && !sameJson(after[field], before[field] ?? null));
}

/** The names of the fields a create was given (values are not recorded: they may be personal or long). */
export function givenFields(values: object): string[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
}
