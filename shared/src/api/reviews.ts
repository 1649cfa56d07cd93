import { http, requireLoginToken } from './http';
import type { AddReviewReply, PageQuery, Review, ReviewListReply, ReviewPageReply } from '@marketplace/contract';
import { pageParams, type Page } from './paging';

/** @deprecated The API answers one page: use getReviewsPage. The newest reviews. */
export async function getReviews(): Promise<Review[]> {
  const res = await http.get<ReviewListReply>('/getreviews');
  return res.data.data;
}

/** GET /getreviews: a page of reviews, newest first (20 by default, at most 100). No login needed. Render texts as text (they may hold markup). */
export async function getReviewsPage(page?: PageQuery): Promise<Page<Review>> {
  const res = await http.get<ReviewPageReply>('/getreviews', { params: pageParams(page) });
  return { items: res.data.data, next: res.data.next };
}

/**
 * POST /addreview. Resolves the server's message ('Review Added Successfully'). Rejects 400 with
 * the spec's message of the first empty field ('Please Enter Name ', ... 'Please Select  Date '), 401.
 */
export async function addReview(r: {
  name: string;
  title: string;
  description: string;
  keywords: string;
  date: string;
}): Promise<{ msg: string }> {
  const authtoken = requireLoginToken();
  const res = await http.post<AddReviewReply>('/addreview', { ...r, authtoken });
  return { msg: res.data.msg };
}
