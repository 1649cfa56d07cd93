/**
 * A notice committed by an API process that is killed (SIGKILL) before its mail went out is
 * mailed by the next process, once. The first process claims the notice and hangs on an SMTP
 * server that never greets (so the kill lands between the commit and the mail); its claim's lease
 * is then moved into the past with SQL (moving time, not waiting), and the second process mails it.
 * PostgreSQL: two processes on one database.
 */
import net from 'node:net';
import { Client } from 'pg';
import { createPostgresDatabase } from '../helpers/server';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { send } from './helpers/http';
import { startApi, type ApiProcess } from './helpers/processes';
import { remoteAuction, remoteUser } from './helpers/setup';

const describePg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

async function bidOn(url: string, token: string, auctionid: number, amount: number) {
  const body = JSON.stringify({ auctionid, bid: amount });
  const r = await send(url, {
    method: 'PUT',
    path: '/updatebiduser',
    headers: { authtoken: token, 'content-type': 'application/json', 'content-length': String(body.length) },
    body,
  });
  expect(r.status).toBe(200);
}

describePg('a notice whose process died before mailing it [PostgreSQL]', () => {
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let sql: Client;
  let smtp: TestSmtp;
  let silent: net.Server;
  const apis: ApiProcess[] = [];

  beforeAll(async () => {
    db = await createPostgresDatabase();
    sql = new Client({ connectionString: db.url });
    smtp = await startSmtp();
    // An SMTP server that accepts connections and never greets: a send to it hangs.
    silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  }, 30_000);
  afterAll(async () => {
    await Promise.all(apis.map((a) => a.kill()));
    await sql?.end().catch(() => undefined);
    silent?.close();
    await smtp?.close();
    await db?.drop();
  });

  it('is mailed by the next process, exactly once', async () => {
    const port = (silent.address() as net.AddressInfo).port;
    const doomed = await startApi({
      DATABASE_URL: db.url,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTICE_MAIL_INTERVAL_SECONDS: '0.2',
      NOTICE_ENDING_SWEEP_SECONDS: '0',
      NOTICE_OUTBID_MAIL_WINDOW_SECONDS: '0',
    });
    apis.push(doomed);
    await sql.connect();
    const seller = await remoteUser(doomed.url, 'Sela');
    const asha = await remoteUser(doomed.url, 'Asha');
    const ravi = await remoteUser(doomed.url, 'Ravi');
    const auctionid = await remoteAuction(doomed.url, seller, 100);
    await bidOn(doomed.url, asha.token, auctionid, 300);
    await bidOn(doomed.url, ravi.token, auctionid, 900); // Asha is outbid: committed with the bid

    // The first process has claimed the notice and hangs sending it.
    const claimed = async () =>
      (
        await sql.query(
          `SELECT noticeid, mail_state, mail_attempts FROM notices WHERE userid = $1 AND mail_claimed_until > now()`,
          [asha.userid],
        )
      ).rows;
    for (let i = 0; i < 200 && !(await claimed()).length; i++) await new Promise((r) => setTimeout(r, 25));
    const [notice] = await claimed();
    expect(notice).toMatchObject({ mail_state: 'pending', mail_attempts: 1 });
    await doomed.kill();
    expect(smtp.mails).toHaveLength(0);

    const next = await startApi({
      DATABASE_URL: db.url,
      SMTP_URL: smtp.url,
      NOTICE_MAIL_INTERVAL_SECONDS: '0.2',
      NOTICE_ENDING_SWEEP_SECONDS: '0',
      NOTICE_OUTBID_MAIL_WINDOW_SECONDS: '0',
    });
    apis.push(next);
    // The dead process's claim runs out (moved into the past rather than waited for).
    await sql.query(`UPDATE notices SET mail_claimed_until = now() - interval '1 second' WHERE noticeid = $1`, [
      notice.noticeid,
    ]);
    const mail = await smtp.waitForMail(asha.email, 0, 10_000);
    expect(mail.raw).toMatch(/Subject: Outbid: Load test item is now Rs\. 310/);
    const row = async () =>
      (await sql.query(`SELECT mail_state FROM notices WHERE noticeid = $1`, [notice.noticeid])).rows[0];
    for (let i = 0; i < 200 && (await row()).mail_state !== 'sent'; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await row()).toEqual({ mail_state: 'sent' });
    expect(smtp.mails.filter((m) => m.to.includes(asha.email.toLowerCase()))).toHaveLength(1);
  }, 90_000);
});
