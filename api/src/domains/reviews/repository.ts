import type { Kysely } from 'kysely';
import type { AddReviewBody } from '@marketplace/contract';
import type { Database } from '../../db/schema';
import { pageOf } from '../../lib/paging';

const REVIEW_COLUMNS = ['reviewid', 'review_date', 'name', 'title', 'keywords', 'description'] as const;

/** A page of reviews, newest first (keyset on reviewid). */
export async function reviewPage(db: Kysely<Database>, limit: number, before: number | undefined) {
  let query = db.selectFrom('reviews').select(REVIEW_COLUMNS);
  if (before !== undefined) query = query.where('reviewid', '<', before);
  return pageOf(
    await query
      .orderBy('reviewid', 'desc')
      .limit(limit + 1)
      .execute(),
    limit,
    (r) => [r.reviewid],
  );
}

export function insertReview(db: Kysely<Database>, userid: number, review: Omit<AddReviewBody, 'authtoken'>) {
  const { name, title, description, keywords, date } = review;
  return db
    .insertInto('reviews')
    .values({
      userid,
      review_date: date,
      name: name.trim(),
      title: title.trim(),
      keywords: keywords.trim(),
      description,
    })
    .returning(REVIEW_COLUMNS)
    .executeTakeFirstOrThrow();
}
