import { MAX_LENGTH } from '@brightwave/common';
import { isEmail, ValidateBy, type ValidationOptions } from 'class-validator';
import addressparser from 'nodemailer/lib/addressparser';

/**
 * Characters a plain mailbox never needs and an address header gives meaning to: quotes (a quoted local part may
 * hold a comma or an @), list separators, angle brackets and display names, comments, group syntax, escapes,
 * domain literals, whitespace, control and invisible format characters (header injection, look-alikes), and MIME
 * encoded words (`=?`).
 */
const HEADER_SYNTAX = /[",;:<>()[\]\\\s\p{Cc}\p{Cf}]|=\?/u;

/**
 * Whether `address` is exactly one plain mailbox that the mailer sends to as written: a valid address
 * (class-validator's isEmail), none of the address-header syntax above, and read by nodemailer's own address parser
 * as that one address and nothing else. Every e-mail address the product takes (forms, admins, settings, env) is
 * checked with this, so no stored address can make a mail go to more, or other, recipients.
 */
export function isDeliverableAddress(address: unknown): address is string {
  if (typeof address !== 'string' || address.length === 0 || address.length > MAX_LENGTH.email) return false;
  if (HEADER_SYNTAX.test(address) || address.split('@').length !== 2) return false;
  if (!isEmail(address)) return false;
  const [only, ...more] = addressparser(address, { flatten: true });
  return only !== undefined && more.length === 0 && only.name === '' && only.address === address;
}

/** The DTO check of an e-mail field: `isDeliverableAddress`, after the field was trimmed and lower-cased. */
export const IsDeliverableAddress = (options: ValidationOptions) =>
  ValidateBy({ name: 'isDeliverableAddress', validator: { validate: (value: unknown) => isDeliverableAddress(value) } }, options);
