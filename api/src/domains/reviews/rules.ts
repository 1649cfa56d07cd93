import { REVIEW_MESSAGES, type Review } from '@marketplace/contract';
import { badRequest } from '../../lib/errors';
import { isCalendarDate } from '../../lib/validation';

/** The review's date must be a real calendar day (the contract's pattern alone lets 2024-02-31 through). */
export function checkReviewDate(date: string): void {
  if (!isCalendarDate(date)) throw badRequest(REVIEW_MESSAGES.date);
}

export interface ReviewRow {
  reviewid: number;
  review_date: string;
  name: string;
  title: string;
  keywords: string;
  description: string;
}

/** Reviews are stored verbatim (markup included); the clients render them as text. */
export const toReview = (r: ReviewRow): Review => ({
  reviewid: r.reviewid,
  date: r.review_date,
  name: r.name,
  title: r.title,
  keywords: r.keywords,
  description: r.description,
});
