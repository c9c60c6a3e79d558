import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from './domain-error';
import { MAX_INPUT_DEPTH } from './reject-deep-nesting.pipe';

const NUL = '\u0000';
// Half of a surrogate pair: JSON may carry it ("\ud800"), but it is no Unicode character.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Found = { field: string; problem: 'nul' | 'surrogate' };

/** Top-level field of the first string (or key) PostgreSQL cannot store, or undefined. */
function unstorableText(value: unknown, field: string | undefined, depth: number): Found | undefined {
  if (typeof value === 'string') return problemIn(value, field ?? 'value');
  // Deeper input is refused by RejectDeepNestingPipe, which runs next.
  if (value === null || typeof value !== 'object' || depth > MAX_INPUT_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemField = field ?? key;
    const found = problemIn(key, itemField) ?? unstorableText(item, itemField, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function problemIn(text: string, field: string): Found | undefined {
  if (text.includes(NUL)) return { field, problem: 'nul' };
  if (UNPAIRED_SURROGATE.test(text)) return { field, problem: 'surrogate' };
  return undefined;
}

/**
 * Text PostgreSQL cannot store: the NUL character (U+0000) fails a text column, and half of a surrogate pair fails
 * a jsonb one (a list of technologies, a webhook's payload), each with a 500. Such input is refused with a 400
 * naming the field, for body, query and route parameters alike.
 */
@Injectable()
export class RejectUnstorableTextPipe implements PipeTransform {
  transform<T>(value: T): T {
    const found = unstorableText(value, undefined, 0);
    if (found !== undefined) {
      const message =
        found.problem === 'nul'
          ? `Please remove the invisible NUL character from ${found.field}`
          : `Please remove the broken character (half of an emoji or symbol) from ${found.field}`;
      throw DomainError.invalid(message, { [found.field]: message });
    }
    return value;
  }
}
