import { Type, type Static } from 'typebox';
import { CONTACT_EMAIL_PATTERN, CONTACT_MESSAGES, NAME_PATTERN } from './rules';

/** POST /contact (spec section 3). */
export const ContactMessage = Type.Object({
  email: Type.String({
    minLength: 1,
    maxLength: 254,
    pattern: CONTACT_EMAIL_PATTERN,
    errorMessage: {
      required: CONTACT_MESSAGES.email,
      minLength: CONTACT_MESSAGES.email,
      default: CONTACT_MESSAGES.emailPattern,
    },
  }),
  name: Type.String({ minLength: 1, maxLength: 100, pattern: NAME_PATTERN, errorMessage: CONTACT_MESSAGES.name }),
  subject: Type.String({ minLength: 1, maxLength: 200, pattern: NAME_PATTERN, errorMessage: CONTACT_MESSAGES.subject }),
  msg: Type.Optional(Type.String({ maxLength: 5000, errorMessage: 'msg must be a text of at most 5000 characters' })),
});
export type ContactMessage = Static<typeof ContactMessage>;
