import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from './domain-error';

const NUL = '\u0000';
// Request bodies are validated against flat DTOs; nothing legitimate nests deeper than this.
const MAX_DEPTH = 16;

/** Top-level field of the first string (or key) holding a NUL character, or undefined. */
function fieldWithNul(value: unknown, field: string | undefined, depth: number): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? (field ?? 'value') : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemField = field ?? key;
    if (key.includes(NUL)) return itemField;
    const found = fieldWithNul(item, itemField, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): stored as-is it fails the query with a 500.
 * Such input is refused with a 400 naming the field, for body, query and route parameters alike.
 */
@Injectable()
export class RejectNulCharactersPipe implements PipeTransform {
  transform<T>(value: T): T {
    const field = fieldWithNul(value, undefined, 0);
    if (field !== undefined) {
      const message = `Please remove the invisible NUL character from ${field}`;
      throw DomainError.invalid(message, { [field]: message });
    }
    return value;
  }
}
