import { MESSAGES } from '@brightwave/common';
import { Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from './domain-error';

/**
 * Every body, query and parameter is a flat object of fields; a form's lists nest a level or two more, and the prose of
 * the site's content (a rich-text document in a list entry, lists within its lists: rich-text.ts) up to about 60.
 */
export const MAX_INPUT_DEPTH = 64;

/** Whether `value` nests objects or arrays deeper than `limit` levels (stops as soon as it knows). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (limit === 0) return true;
  return Object.values(value).some((item) => nestsDeeperThan(item, limit - 1));
}

/**
 * JSON of thousands of nested arrays parses fine, then overflows the stack of class-transformer's recursive copy
 * (a 500). Such input is refused with a 400 before the validation pipe sees it.
 */
@Injectable()
export class RejectDeepNestingPipe implements PipeTransform {
  transform<T>(value: T): T {
    if (nestsDeeperThan(value, MAX_INPUT_DEPTH)) throw DomainError.invalid(MESSAGES.bodyTooDeep, { body: MESSAGES.bodyTooDeep });
    return value;
  }
}
