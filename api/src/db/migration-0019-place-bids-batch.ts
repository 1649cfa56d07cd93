import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0019_place_bids_batch (issue 25): several bids on one item in one transaction.
 *
 * An item's bids apply one after another under its row lock, and a bid's commit waits for its
 * write-ahead log flush with the lock held: one item took at most one bid per flush, however many
 * bidders waited. place_bids applies the bids an API process holds for one item, in the order
 * given, each exactly as place_bid alone would (a refusal changes nothing and does not stop the
 * others), and commits them together: one lock, one flush for all of them. It answers place_bid's
 * answer of each, in the same order (`answers`), and the item's newest bids once (`recent`: the
 * `p_recent` before the batch and every history row the batch added, newest first), from which
 * the caller cuts each bid's own newest bids: a read per bid was half of a bid's database time.
 */
export const placeBidsBatchMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql
      .raw(
        `CREATE FUNCTION place_bids(
           p_auctionid integer, p_userids integer[], p_maxes integer[],
           p_extend_minutes integer, p_cap_minutes integer,
           p_below bigint[], p_step integer[], p_recent integer, p_outbid_hold_seconds integer)
         RETURNS jsonb LANGUAGE plpgsql AS $fn$
         DECLARE
           v_answers jsonb := '[]'::jsonb;
           v_answer jsonb;
           v_added integer := 0;
         BEGIN
           FOR i IN 1 .. coalesce(array_length(p_userids, 1), 0) LOOP
             v_answer := place_bid(p_auctionid, p_userids[i], p_maxes[i], p_extend_minutes, p_cap_minutes,
                                   p_below, p_step, p_outbid_hold_seconds);
             v_added := v_added + coalesce(jsonb_array_length(v_answer->'steps'), 0);
             v_answers := v_answers || jsonb_build_array(v_answer);
           END LOOP;
           RETURN jsonb_build_object('answers', v_answers, 'recent', coalesce((
             SELECT jsonb_agg(r ORDER BY r.bidid DESC) FROM (
               SELECT b.bidid, b.auctionid, b.userid, b.bid, b.auto, u.firstname AS nickname, b.created_at
               FROM bids b JOIN users u ON u.userid = b.userid
               WHERE b.auctionid = p_auctionid ORDER BY b.bidid DESC LIMIT p_recent + v_added) r), '[]'::jsonb));
         END $fn$`,
      )
      .execute(db);
  },
};
