import { AddReviewBody, AddReviewReply, PAGE_SIZES, REVIEW_MESSAGES, ReviewPageQuery, ReviewPageReply, type Review } from '@marketplace/shared/contract';
import type { App } from '../context';
import { badRequest } from '../lib/errors';
import { decodeCursor, pageLimit, pageOf } from '../lib/paging';
import { replies } from './common';

/** A real calendar date (the pattern alone lets 2024-02-31 through). */
function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

interface ReviewRow {
  reviewid: number;
  review_date: string;
  name: string;
  title: string;
  keywords: string;
  description: string;
}

const toReview = (r: ReviewRow): Review => ({
  reviewid: r.reviewid,
  date: r.review_date,
  name: r.name,
  title: r.title,
  keywords: r.keywords,
  description: r.description,
});

const REVIEW_COLUMNS = ['reviewid', 'review_date', 'name', 'title', 'keywords', 'description'] as const;

/** Reviews are stored verbatim (markup included); the clients render them as text. */
export function reviewRoutes(app: App) {
  const { db } = app.ctx;

  // Newest first, a page at a time (keyset on reviewid).
  app.get('/getreviews', { schema: { querystring: ReviewPageQuery, response: replies(ReviewPageReply) } }, async (req) => {
    const limit = pageLimit(req.query, PAGE_SIZES.reviews);
    const before = decodeCursor(req.query.cursor, ['int'])?.[0];
    let query = db.selectFrom('reviews').select(REVIEW_COLUMNS);
    if (before !== undefined) query = query.where('reviewid', '<', before);
    const page = pageOf(await query.orderBy('reviewid', 'desc').limit(limit + 1).execute(), limit, (r) => [r.reviewid]);
    return { status: 200, msg: page.rows.length || before !== undefined ? 'Reviews' : 'No reviews yet', data: page.rows.map(toReview), next: page.next };
  });

  app.post('/addreview', { schema: { body: AddReviewBody, response: replies(AddReviewReply) }, config: { auth: { token: 'body' } } }, async (req) => {
    const { user } = req;
    const { name, title, description, keywords, date } = req.body;
    if (!isCalendarDate(date)) throw badRequest(REVIEW_MESSAGES.date);
    const row = await db
      .insertInto('reviews')
      .values({ userid: user.userid, review_date: date, name: name.trim(), title: title.trim(), keywords: keywords.trim(), description })
      .returning(REVIEW_COLUMNS)
      .executeTakeFirstOrThrow();
    return { status: 200, msg: 'Review Added Successfully', data: toReview(row) };
  });
}
