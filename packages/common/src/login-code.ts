import { OTP_LENGTH } from './limits';

/** The words before the code in the sign-in mail: the backend writes the mail with them, tools read codes by them. */
export const LOGIN_CODE_LINE = 'Your verification code is';

const LOGIN_CODE_PATTERN = new RegExp(`${LOGIN_CODE_LINE} (\\d{${OTP_LENGTH}})`);

/** The code in a sign-in mail (its raw message or its text part), or undefined when there is none. */
export function loginCodeIn(mail: string): string | undefined {
  return LOGIN_CODE_PATTERN.exec(mail)?.[1];
}
