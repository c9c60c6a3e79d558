import { isURL, registerDecorator, ValidationOptions } from 'class-validator';

const SITE_PATH = /^\/(?!\/)[\w\-./%]*$/;

/** True for an absolute http(s) URL; with `allowSitePath`, also for a path on this site ("/images/x.svg"). */
export function isWebLink(value: unknown, allowSitePath = false): boolean {
  if (typeof value !== 'string') return false;
  if (allowSitePath && SITE_PATH.test(value) && !value.includes('..')) return true;
  return isURL(value, { protocols: ['http', 'https'], require_protocol: true, require_tld: false });
}

/** Only http(s) links (never javascript: or data:), so a stored link is safe to put in an href. */
export function IsWebLink(options: { allowSitePath?: boolean } = {}, validationOptions?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isWebLink',
      target: target.constructor,
      propertyName,
      options: validationOptions,
      validator: { validate: (value: unknown) => isWebLink(value, options.allowSitePath) },
    });
}
