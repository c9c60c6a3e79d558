import { MAX_LENGTH, MAX_REQUIREMENTS } from '@brightwave/common';

/** SPEC §5: a requirement is added only if non-empty after trimming. */
export function addRequirement(current: string[], input: string): string[] {
  const requirement = input.trim().slice(0, MAX_LENGTH.requirement);
  if (!requirement || current.length >= MAX_REQUIREMENTS) return current;
  return [...current, requirement];
}

/** SPEC §4: requirements are removed by position. */
export function removeRequirementAt(current: string[], index: number): string[] {
  return current.filter((_, position) => position !== index);
}
