import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely';

/**
 * 0018_outbid_notice_held (issue 25): an outbid notice written once and settled once.
 *
 * Until now an outbid notice took three row updates after its insert: claimed at once (to be
 * told live), claimed again when its quiet window was over, then settled; and every mail pass
 * read past all the held notices of the window. Under a burst of bids that was a commit (a WAL
 * flush, competing with the bids' own) for nearly every bid.
 *
 * - place_bid (now with `p_outbid_hold_seconds`, the outbid mail window) writes the notice held
 *   until the window is over (`mail_claimed_until`) and answers it (`notice`), so the bid's
 *   route tells it live after the commit; the mail pass first sees it when its mail is due, and
 *   marks it 'superseded' (or 'skipped') in the claim itself.
 * - The mail pass finds due notices by their due time (`notices_mail_due_idx`), not by reading
 *   through every pending one.
 * - place_bid no longer reads the item's newest bids (`recent`): place_bids (migration 0019) reads
 *   them once for all the bids it applies.
 */
export const outbidNoticeHeldMigration: Migration = {
  async up(db: Kysely<any>) {
    await sql`DROP INDEX notices_mail_pending_idx`.execute(db);
    await sql`CREATE INDEX notices_mail_due_idx ON notices ((coalesce(mail_claimed_until, '-infinity'::timestamptz)), noticeid)
      WHERE mail_state = 'pending'`.execute(db);
    await sql`DROP FUNCTION place_bid(integer, integer, integer, integer, integer, bigint[], integer[], integer)`.execute(
      db,
    );
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION place_bid(
           p_auctionid integer, p_userid integer, p_max integer,
           p_extend_minutes integer, p_cap_minutes integer,
           p_below bigint[], p_step integer[], p_outbid_hold_seconds integer)
         RETURNS jsonb LANGUAGE plpgsql AS $fn$
         DECLARE
           a auctions%ROWTYPE;
           v_now timestamptz := clock_timestamp();
           v_end timestamptz;
           v_minimum integer;
           v_price integer;
           v_count integer;
           v_leader integer;
           v_leader_max integer;
           v_outbid integer;
           v_ends timestamptz;
           v_steps jsonb := '[]'::jsonb;
           v_first_bidid bigint;
           v_notice jsonb;
         BEGIN
           SELECT * INTO a FROM auctions WHERE auctionid = p_auctionid FOR UPDATE;
           IF NOT FOUND THEN RETURN '{"refusal":"notFound"}'::jsonb; END IF;
           v_now := clock_timestamp();
           v_end := coalesce(a.ends_at, a.end_time);
           IF a.userid = p_userid THEN RETURN '{"refusal":"ownItem"}'::jsonb; END IF;
           -- Closed by the owner's Approve (its refusal says so), else ended (by time or Buy It Now).
           IF a.status = 'closed' AND a.approved_at IS NOT NULL THEN RETURN '{"refusal":"approved"}'::jsonb; END IF;
           IF a.status = 'closed' THEN RETURN '{"refusal":"ended"}'::jsonb; END IF;
           IF v_end <= v_now THEN RETURN '{"refusal":"ended"}'::jsonb; END IF;
           v_minimum := a.bid + bid_increment(a.bid, p_below, p_step);
           IF p_max <= a.bid THEN RETURN jsonb_build_object('refusal', 'notAbovePrice', 'price', a.bid); END IF;
           IF p_max < v_minimum THEN RETURN jsonb_build_object('refusal', 'belowMinimum', 'minimum', v_minimum); END IF;

           v_count := a.bidcount;
           IF a.leader IS NULL OR a.leader_max IS NULL THEN
             v_price := v_minimum; v_count := v_count + 1; v_leader := p_userid; v_leader_max := p_max;
             v_steps := jsonb_build_array(jsonb_build_object('userid', p_userid, 'bid', v_price, 'auto', false));
           ELSIF a.leader = p_userid THEN
             IF p_max <= a.leader_max THEN
               RETURN jsonb_build_object('refusal', 'notAboveOwnMax', 'yourMax', a.leader_max);
             END IF;
             v_price := a.bid; v_leader := a.leader; v_leader_max := p_max;
           ELSIF p_max > a.leader_max THEN
             v_price := least(p_max, a.leader_max + bid_increment(a.leader_max, p_below, p_step));
             v_count := v_count + 1; v_outbid := a.leader; v_leader := p_userid; v_leader_max := p_max;
             v_steps := jsonb_build_array(jsonb_build_object('userid', p_userid, 'bid', v_price, 'auto', false));
           ELSE
             v_price := least(a.leader_max, p_max + bid_increment(p_max, p_below, p_step));
             v_count := v_count + 2; v_leader := a.leader; v_leader_max := a.leader_max;
             v_steps := jsonb_build_array(
               jsonb_build_object('userid', p_userid, 'bid', p_max, 'auto', false),
               jsonb_build_object('userid', a.leader, 'bid', v_price, 'auto', true));
           END IF;

           -- Soft close: a step near the end moves it to p_extend_minutes after the bid, capped.
           v_ends := v_end;
           IF jsonb_array_length(v_steps) > 0 THEN
             v_ends := greatest(v_end, least(v_now + make_interval(mins => p_extend_minutes),
                                             a.end_time + make_interval(mins => p_cap_minutes)));
             INSERT INTO bids (auctionid, userid, bid, auto, created_at)
               SELECT p_auctionid, (s->>'userid')::integer, (s->>'bid')::integer, (s->>'auto')::boolean, v_now
               FROM jsonb_array_elements(v_steps) WITH ORDINALITY AS t(s, n) ORDER BY n;
           END IF;

           UPDATE auctions SET
             bid = v_price,
             highbid = CASE WHEN v_count > 0 THEN v_price ELSE 0 END,
             bidcount = v_count,
             leader = v_leader,
             leader_max = v_leader_max,
             ends_at = CASE WHEN v_ends = a.end_time THEN NULL ELSE v_ends END,
             updated_at = now()
           WHERE auctionid = p_auctionid
           RETURNING * INTO a;

           IF v_outbid IS NOT NULL THEN
             v_first_bidid := currval(pg_get_serial_sequence('bids', 'bidid'));
             -- Held from the start: its mail is due when the quiet window is over (told live by the caller).
             INSERT INTO notices (userid, kind, auctionid, dedupe_key, data, created_at, mail_claimed_until)
             VALUES (v_outbid, 'outbid', p_auctionid, 'outbid:' || p_auctionid || ':' || v_first_bidid,
                     jsonb_build_object('productname', a.productname, 'price', v_price,
                                        'nextbid', v_price + bid_increment(v_price, p_below, p_step)),
                     v_now,
                     CASE WHEN p_outbid_hold_seconds > 0 THEN v_now + make_interval(secs => p_outbid_hold_seconds) END)
             ON CONFLICT (dedupe_key) DO NOTHING
             RETURNING jsonb_build_object('noticeid', noticeid, 'userid', userid, 'kind', kind,
                                          'auctionid', auctionid, 'data', data, 'createdat', created_at,
                                          'held', mail_claimed_until IS NOT NULL)
             INTO v_notice;
           END IF;

           RETURN jsonb_build_object(
             'now', v_now,
             'item', to_jsonb(a) || jsonb_build_object('live', a.status = 'open' AND coalesce(a.ends_at, a.end_time) > v_now),
             'steps', v_steps,
             'outbid', v_outbid,
             'notice', v_notice,
             'yourMax', CASE WHEN v_leader = p_userid THEN v_leader_max END);
         END $fn$`,
      )
      .execute(db);
  },
};
