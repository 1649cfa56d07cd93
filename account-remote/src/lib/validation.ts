import { NAME_PATTERN, DATE_PATTERN, EMAIL_PATTERN, PASSWORD_PATTERN, PHONE_PATTERN } from '@marketplace/shared';

const re = (pattern: string) => new RegExp(pattern);
const nonBlank = re(NAME_PATTERN);

/** The same checks the server applies (contract/src/rules.ts), as booleans. */
export const checks = {
  name: (v: string) => nonBlank.test(v),
  date: (v: string) => re(DATE_PATTERN).test(v),
  email: (v: string) => re(EMAIL_PATTERN).test(v.trim()),
  password: (v: string) => re(PASSWORD_PATTERN).test(v),
  phone: (v: string) => re(PHONE_PATTERN).test(v),
  gender: (v: string) => v === 'male' || v === 'female',
};

/** Shown under every new-password field: the rule of PASSWORD_PATTERN in words. */
export const PASSWORD_HINT =
  'At least 8 characters with an uppercase letter, a lowercase letter, a digit and one of !@#$%^&*';
