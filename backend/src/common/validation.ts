import { MESSAGES } from '@brightwave/common';
import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from './domain-error';

/** Flattens class-validator errors to `{ field: first message }` (nested fields as `a.b`). */
export function validationErrorsToMap(errors: ValidationError[], prefix = ''): Record<string, string> {
  const map: Record<string, string> = {};
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // Constraints run bottom-up, so the last message is the top-most decorator's: write the most basic check first.
    const message = Object.values(error.constraints ?? {}).at(-1);
    // whitelistValidation's text names the field; say it plainly.
    if (error.constraints?.whitelistValidation) map[field] = `${field} is not an accepted field`;
    else if (message !== undefined) map[field] = message;
    if (error.children?.length) Object.assign(map, validationErrorsToMap(error.children, field));
  }
  return map;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const map = validationErrorsToMap(errors);
      const first = Object.values(map)[0];
      return DomainError.invalid(first ?? MESSAGES.validationFailed, map);
    },
  });
}
