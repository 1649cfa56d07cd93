export const CONTACT_MESSAGES = {
  received: 'Thank you for contacting us',
  duplicate: 'We have already received this message from you; we will get back to you soon',
  tooMany: 'Too many messages from your address.',
} as const;
