import { AddReviewBody, AddReviewReply, PAGE_SIZES, ReviewPageQuery, ReviewPageReply } from '@marketplace/contract';
import type { App } from '../../context';
import { decodeCursor, pageLimit } from '../../lib/paging';
import { replies } from '../../lib/replies';
import { insertReview, reviewPage } from './repository';
import { checkReviewDate, toReview } from './rules';

export function reviewRoutes(app: App) {
  const { db } = app.ctx;

  // Newest first, a page at a time (keyset on reviewid).
  app.get(
    '/getreviews',
    { schema: { querystring: ReviewPageQuery, response: replies(ReviewPageReply) } },
    async (req) => {
      const limit = pageLimit(req.query, PAGE_SIZES.reviews);
      const before = decodeCursor(req.query.cursor, ['int'])?.[0];
      const page = await reviewPage(db, limit, before);
      return {
        status: 200,
        msg: page.rows.length || before !== undefined ? 'Reviews' : 'No reviews yet',
        data: page.rows.map(toReview),
        next: page.next,
      };
    },
  );

  app.post(
    '/addreview',
    { schema: { body: AddReviewBody, response: replies(AddReviewReply) }, config: { auth: { token: 'body' } } },
    async (req) => {
      checkReviewDate(req.body.date);
      const row = await insertReview(db, req.user.userid, req.body);
      return { status: 200, msg: 'Review Added Successfully', data: toReview(row) };
    },
  );
}
