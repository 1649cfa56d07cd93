import { randomBytes } from 'node:crypto';
import { PNG } from 'pngjs';
import { signedInUser } from '../helpers/accounts';
import { startServer, type TestServer } from '../helpers/server';
import { upload } from '../helpers/shop';

/** A PNG of random pixels: it does not compress, so its file is about width × height × 4 bytes. */
function noisePng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  randomBytes(png.data.length).copy(png.data);
  return PNG.sync.write(png);
}

// One user stored 96 MB of photos in 4 s: photos have a byte budget per user and hour.
describe('the upload byte budget', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('pglite', { uploadMegabytesPerHour: 1 });
  });
  afterAll(async () => {
    await s?.stop();
  });
  const images = async () =>
    Number(
      (
        await s.app.ctx.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses the upload that goes over it with 429, stores nothing, and leaves other users their own', async () => {
    const seller = await signedInUser(s);
    const photos = [noisePng(320, 320), noisePng(320, 320), noisePng(320, 320)];
    expect(photos.every((p) => p.length > 400_000)).toBe(true);
    expect((await upload(s, photos[0], { token: seller.token })).status).toBe(200);
    expect((await upload(s, photos[1], { token: seller.token })).status).toBe(200);
    const before = await images();
    const over = await upload(s, photos[2], { token: seller.token });
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(
      /^You have uploaded more than 1 MB of photos this hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(await images()).toBe(before);

    const other = await signedInUser(s);
    expect((await upload(s, photos[2], { token: other.token })).status).toBe(200);
  });
});
