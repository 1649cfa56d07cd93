import { Type, type Static } from 'typebox';
import { Envelope, PAGE_SIZES, PageQuery, PageReply } from './common';
import { DATE_PATTERN, NAME_PATTERN, REVIEW_MESSAGES } from './rules';

/** The login token in a JSON body (the spec's review calls send it there). */
const bodyToken = Type.String({ minLength: 1, maxLength: 200, errorMessage: 'Please login first (authtoken missing)' });

export const Review = Type.Object({
  reviewid: Type.Integer(),
  /** YYYY-MM-DD */
  date: Type.String(),
  name: Type.String(),
  title: Type.String(),
  /** Space-separated tags. */
  keywords: Type.String(),
  /** Stored and returned verbatim (markup included): render it as text. */
  description: Type.String(),
});
export type Review = Static<typeof Review>;
export const ReviewListReply = Envelope(Type.Array(Review));
export type ReviewListReply = Static<typeof ReviewListReply>;

/** GET /getreviews: a page of reviews, newest first. */
export const ReviewPageQuery = PageQuery(PAGE_SIZES.reviews);
export const ReviewPageReply = PageReply(Review);
export type ReviewPageReply = Static<typeof ReviewPageReply>;

/** POST /addreview (spec sections 3 and 5; the messages keep the spec's trailing spaces). */
export const AddReviewBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: NAME_PATTERN, errorMessage: REVIEW_MESSAGES.name }),
  title: Type.String({ minLength: 1, maxLength: 200, pattern: NAME_PATTERN, errorMessage: REVIEW_MESSAGES.title }),
  description: Type.String({
    minLength: 1,
    maxLength: 5000,
    pattern: NAME_PATTERN,
    errorMessage: REVIEW_MESSAGES.description,
  }),
  keywords: Type.String({
    minLength: 1,
    maxLength: 500,
    pattern: NAME_PATTERN,
    errorMessage: REVIEW_MESSAGES.keywords,
  }),
  /** YYYY-MM-DD, a real calendar date. */
  date: Type.String({ pattern: DATE_PATTERN, errorMessage: REVIEW_MESSAGES.date }),
  authtoken: bodyToken,
});
export type AddReviewBody = Static<typeof AddReviewBody>;
/** data: the stored review (non-null on success, as the spec's client expects). */
export const AddReviewReply = Envelope(Review);
export type AddReviewReply = Static<typeof AddReviewReply>;
