/** The names of the fields of `after` whose value differs from `before` (compared as JSON): an update's audit details. */
export function changedFields<T extends object>(before: T, after: Partial<T>): string[] {
  return (Object.keys(after) as (keyof T & string)[]).filter(
    (field) => after[field] !== undefined && JSON.stringify(after[field]) !== JSON.stringify(before[field] ?? null),
  );
}

/** The names of the fields a create was given (values are not recorded: they may be personal or long). */
export function givenFields(values: object): string[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
}
