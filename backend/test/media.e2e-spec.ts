import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { MEDIA_MAX_BYTES, MESSAGES, mediaSrc, required, type ContentFields } from '@brightwave/common';
import { count } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { DATABASE, type Database } from '../src/database/database';
import { media } from '../src/database/schema';
import { MediaStorage } from '../src/storage/media-storage';
import { ResumeStorage } from '../src/storage/resume-storage';
import { S3ResumeStorage } from '../src/storage/s3-resume-storage';
import { readMessageFile } from './mail-message';
import { loginAsAdmin } from './support/admin-session';
import { S3RVER_CREDENTIALS, startS3Server, type S3Server } from './support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';

const BOOT_TIMEOUT_MS = 120_000;
const PASSWORD = 'lantern-quarry-violet-58';
// The real site build (npm test builds before the suites): /services is rendered with the published content.
const siteDir = path.resolve(__dirname, '../../site/dist');
const siteSsrDir = path.resolve(__dirname, '../../site/dist-ssr');

type Kind = 'jpeg' | 'png' | 'webp' | 'avif';

/** A picture of `width` × `height` made here: a gradient-free block of colour with a stripe, so every encoder has work. */
function picture(kind: Kind, width: number, height: number, edit: (image: Sharp) => Sharp = (image) => image): Promise<Buffer> {
  const stripe = Buffer.from(`<svg width="${width}" height="${Math.ceil(height / 4)}"><rect width="100%" height="100%" fill="#4338ca"/></svg>`);
  const image = sharp({ create: { width, height, channels: 3, background: '#f59e0b' } }).composite([{ input: stripe, top: 0, left: 0 }]);
  return edit(image).toFormat(kind).toBuffer();
}

/** A PNG whose header claims `width` × `height` pixels around the one pixel it holds: a pixel bomb's header. */
async function claimedPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  // IHDR is the first chunk: length (8), type (12), width (16), height (20), …, its CRC over type and data (29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const FORMAT_OF_FILE = { avif: 'heif', webp: 'webp', jpg: 'jpeg' } as const;
const TYPE_OF_FILE = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;

/** What every suite below shares: an app, an owner and an editor. */
async function signedInApp(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const owner = { Authorization: `Bearer ${await loginAsAdmin(t)}` };
  const invite = async (role: string, email: string) => {
    await t.http
      .post('/api/admin/admins')
      .set(owner)
      .send({ email, name: `The ${role}`, role })
      .expect(201);
    const mail = readMessageFile(required(t.outbox().at(-1), 'the invitation'));
    const token = required(/accept-invite#token=([\w-]+)/.exec(mail.text)?.[1], 'the invitation token');
    await t.http.post('/admin/accept-invite').send({ token, password: PASSWORD }).expect(200);
    return { Authorization: `Bearer ${await loginAsAdmin(t, { email, password: PASSWORD })}` };
  };
  return { t, owner, invite };
}

const upload = (t: TestApp, auth: Record<string, string>, bytes: Buffer, filename = 'picture.jpg', contentType?: string) =>
  t.http
    .post('/api/admin/media')
    .set(auth)
    .attach('file', bytes, contentType ? { filename, contentType } : { filename });

describe('Pictures: uploads checked by their content, resized, served, named by the content', () => {
  let t: TestApp;
  let db: Database;
  let owner: { Authorization: string };
  let editor: { Authorization: string };
  let sales: { Authorization: string };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(siteSsrDir, 'routes.json'))) throw new Error(`${siteSsrDir} has no routes.json: run npm run build first`);
    const app = await signedInApp({ SITE_SSR_DIR: siteSsrDir, SITE_DIST_DIR: siteDir });
    ({ t, owner } = app);
    db = t.app.get<symbol, Database>(DATABASE);
    editor = await app.invite('editor', 'editor@media.test');
    sales = await app.invite('sales', 'sales@media.test');
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  const mediaDir = () => path.join(t.config.storage.uploadsDir, 'media');
  const stored = async () => ({
    rows: required((await db.select({ total: count() }).from(media))[0], 'the count').total,
    files: fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).length : 0,
  });

  it.each(['jpeg', 'png', 'webp', 'avif'] as const)('takes a %s picture and answers its id, src and size', async (kind) => {
    const answer = await upload(t, editor, await picture(kind, 800, 500), `photo.${kind}`).expect(201);
    expect(answer.body).toEqual({
      success: true,
      data: { _id: expect.any(String), src: `/media/${answer.body.data._id}-800x500`, width: 800, height: 500 },
    });
    const { media: library } = (await t.http.get('/api/admin/media').set(editor).expect(200)).body;
    expect(library[0]).toMatchObject({ _id: answer.body.data._id, originalType: `image/${kind}`, uploadedBy: 'editor@media.test' });
  });

  it('decides the type by the bytes: a PNG named .jpg and sent as image/jpeg is a PNG', async () => {
    const answer = await upload(t, owner, await picture('png', 400, 300), 'holiday.jpg', 'image/jpeg').expect(201);
    const { media: library } = (await t.http.get('/api/admin/media').set(owner).expect(200)).body;
    expect(library[0]).toMatchObject({ _id: answer.body.data._id, originalType: 'image/png', width: 400, height: 300 });
  });

  it.each([
    ['text', Buffer.from('just some words, not a picture\n')],
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>')],
    ['GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')],
  ])('refuses %s named .png and sent as image/png, and stores nothing', async (_, bytes) => {
    const before = await stored();
    const answer = await upload(t, editor, bytes, 'picture.png', 'image/png').expect(400);
    expect(answer.body).toEqual({ success: false, message: MESSAGES.mediaWrongType, errors: { file: MESSAGES.mediaWrongType } });
    expect(await stored()).toEqual(before);
  });

  it('refuses a picture over 10 MB with a message that says the limit (400 just over it, 413 well over it), and stores nothing', async () => {
    const before = await stored();
    const justOver = Buffer.concat([await picture('png', 10, 10), Buffer.alloc(MEDIA_MAX_BYTES)]);
    expect((await upload(t, editor, justOver, 'big.png').expect(400)).body.message).toBe(MESSAGES.mediaTooLarge);
    expect(MESSAGES.mediaTooLarge).toContain('10 MB');
    const wellOver = Buffer.alloc(MEDIA_MAX_BYTES + 1024 * 1024);
    expect((await upload(t, editor, wellOver, 'huge.png').expect(413)).body).toEqual({ success: false, message: MESSAGES.mediaTooLarge });
    expect(await stored()).toEqual(before);
  });

  it('refuses a pixel bomb (a small file that claims 400 megapixels) before decoding it', async () => {
    const before = await stored();
    const answer = await upload(t, editor, await claimedPng(20_000, 20_000), 'bomb.png').expect(400);
    expect(answer.body.message).toBe(MESSAGES.mediaTooManyPixels);
    expect(await stored()).toEqual(before);
  });

  it('refuses a file without the field "file", or a JSON body', async () => {
    await t.http
      .post('/api/admin/media')
      .set(editor)
      .attach('picture', await picture('png', 10, 10), 'a.png')
      .expect(400);
    expect((await t.http.post('/api/admin/media').set(editor).send({ file: 'x' }).expect(400)).body.message).toBe(MESSAGES.mediaFileMissing);
  });

  it('is for editors and owners: sales 403, nobody signed in 401', async () => {
    const bytes = await picture('png', 10, 10);
    expect((await upload(t, sales, bytes).expect(403)).body.message).toBe(MESSAGES.notAllowed);
    expect((await upload(t, {}, bytes).expect(401)).body.message).toBe(MESSAGES.notAuthorized);
    await t.http.get('/api/admin/media').set(sales).expect(403);
    await t.http.get('/api/admin/media').expect(401);
    const { data } = (await upload(t, editor, bytes).expect(201)).body;
    expect((await t.http.delete(`/api/admin/media/${data._id}`).set(sales).expect(403)).body.message).toBe(MESSAGES.notAllowed);
    expect((await t.http.delete(`/api/admin/media/${data._id}`).expect(401)).body.message).toBe(MESSAGES.notAuthorized);
    await t.http.delete(`/api/admin/media/${data._id}`).set(owner).expect(200);
  });

  it('deletes a picture nothing uses: its row and every file (each width in each format), audited; then 404', async () => {
    const { data } = (await upload(t, editor, await picture('jpeg', 700, 350)).expect(201)).body;
    const files = () => fs.readdirSync(mediaDir()).filter((name) => name.startsWith(data._id));
    expect(files()).toHaveLength(9);
    const before = await stored();
    const answer = await t.http.delete(`/api/admin/media/${data._id}`).set(editor).expect(200);
    expect(answer.body).toEqual({ success: true, message: MESSAGES.mediaDeleted });
    expect(files()).toEqual([]);
    expect(await stored()).toEqual({ rows: before.rows - 1, files: before.files - 9 });
    for (const width of [320, 640, 700]) {
      for (const format of ['avif', 'webp', 'jpg']) await t.http.get(`/media/${data._id}/${width}.${format}`).expect(404);
    }
    const { media: library } = (await t.http.get('/api/admin/media?limit=100').set(editor).expect(200)).body;
    expect(library.map((item: { _id: string }) => item._id)).not.toContain(data._id);
    const { entries } = (await t.http.get(`/api/admin/audit?action=media.deleted&targetId=${data._id}`).set(owner).expect(200)).body;
    expect(entries).toEqual([
      expect.objectContaining({ adminEmail: 'editor@media.test', targetKind: 'media', details: expect.objectContaining({ width: 700 }) }),
    ]);
    expect((await t.http.delete(`/api/admin/media/${data._id}`).set(editor).expect(404)).body.message).toBe(MESSAGES.mediaNotFound);
    await t.http.delete('/api/admin/media/not-an-id').set(editor).expect(404);
  });

  it('serves every width (never wider than the picture) in AVIF, WebP and JPEG, cached for a year, and 404 for any other', async () => {
    const { data } = (await upload(t, editor, await picture('jpeg', 1500, 1000)).expect(201)).body;
    for (const width of [320, 640, 960, 1280, 1500]) {
      for (const format of ['avif', 'webp', 'jpg'] as const) {
        const url = `/media/${data._id}/${width}.${format}`;
        const answer = await t.http.get(url).buffer(true).expect(200);
        expect(`${url} ${answer.headers['content-type']} ${answer.headers['cache-control']}`).toBe(
          `${url} ${TYPE_OF_FILE[format]} public, max-age=31536000, immutable`,
        );
        expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
        const metadata = await sharp(answer.body as Buffer).metadata();
        expect(`${url} ${metadata.format} ${metadata.width}x${metadata.height}`).toBe(
          `${url} ${FORMAT_OF_FILE[format]} ${width}x${Math.round((width * 1000) / 1500)}`,
        );
      }
    }
    const jpeg = await t.http.get(`/media/${data._id}/640.jpg`).expect(200);
    await t.http.get(`/media/${data._id}/640.jpg`).set('If-None-Match', required(jpeg.headers.etag, 'the ETag')).expect(304);
    await t.http.head(`/media/${data._id}/640.webp`).expect(200);
    for (const url of [
      `/media/${data._id}/1920.jpg`,
      `/media/${data._id}/640.png`,
      `/media/${data._id}/abc.jpg`,
      '/media/3f2504e0-4f89-41d3-9a0c-0305e82c3301/640.jpg',
    ]) {
      const missing = await t.http.get(url).expect(404);
      // Not the site's 404 page: a picture that is not there.
      expect(`${url} ${JSON.stringify(missing.body)}`).toBe(`${url} ${JSON.stringify({ success: false, message: MESSAGES.mediaNotFound })}`);
    }
  });

  it('removes the metadata (EXIF, GPS) and turns the picture upright', async () => {
    const withExif = await picture('jpeg', 600, 300, (image) =>
      image
        .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Ada 2026' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
        .withMetadata({ orientation: 6 }),
    );
    const original = await sharp(withExif).metadata();
    expect(original.exif?.toString('latin1')).toContain('Secret Photographer');
    expect(original.orientation).toBe(6);
    const { data } = (await upload(t, editor, withExif).expect(201)).body;
    // Orientation 6: turned a quarter, so 600 × 300 as stored is 300 × 600 upright.
    expect(data).toMatchObject({ width: 300, height: 600, src: `/media/${data._id}-300x600` });
    for (const file of ['300.jpg', '300.webp', '300.avif']) {
      const bytes = (await t.http.get(`/media/${data._id}/${file}`).buffer(true).expect(200)).body as Buffer;
      const metadata = await sharp(bytes).metadata();
      expect(`${file}: ${metadata.exif ? 'exif' : 'no exif'}, ${metadata.xmp ? 'xmp' : 'no xmp'}, ${metadata.orientation ?? 'no orientation'}`).toBe(
        `${file}: no exif, no xmp, no orientation`,
      );
      expect(bytes.toString('latin1')).not.toContain('Secret Photographer');
      expect(`${metadata.width}x${metadata.height}`).toBe('300x600');
    }
  });

  it('lists the library newest first, a page at a time, and records every upload in the audit log', async () => {
    const first = (await upload(t, editor, await picture('png', 120, 80)).expect(201)).body.data;
    const second = (await upload(t, editor, await picture('png', 90, 60)).expect(201)).body.data;
    const page = (await t.http.get('/api/admin/media?limit=2&page=1').set(editor).expect(200)).body;
    expect(page.media.map((item: { _id: string }) => item._id)).toEqual([second._id, first._id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.media[0]).toEqual({
      _id: second._id,
      src: second.src,
      width: 90,
      height: 60,
      originalType: 'image/png',
      originalBytes: expect.any(Number),
      uploadedBy: 'editor@media.test',
      createdAt: expect.any(String),
    });
    await t.http.get('/api/admin/media?limit=0').set(editor).expect(400);
    const { entries } = (await t.http.get(`/api/admin/audit?action=media.uploaded&targetId=${first._id}`).set(owner).expect(200)).body;
    expect(entries).toEqual([
      expect.objectContaining({
        adminEmail: 'editor@media.test',
        targetKind: 'media',
        details: expect.objectContaining({ width: 120, height: 80, originalType: 'image/png', files: 3 }),
      }),
    ]);
  });

  describe('in the content', () => {
    const withCardImage = (fields: ContentFields, image: string, imageAlt = 'A lighthouse at dusk') => {
      const cards = (fields.offer?.cards ?? []) as Record<string, unknown>[];
      return { ...fields, offer: { ...fields.offer, cards: [{ ...cards[0], image, imageAlt }, ...cards.slice(1)] } };
    };
    const draft = async () => (await t.http.get('/api/admin/content/services').set(editor).expect(200)).body.page.draft as ContentFields;

    it('refuses a picture no upload made, or one named with another size, at its field, and stores nothing', async () => {
      const fields = await draft();
      const unknown = '/media/3f2504e0-4f89-41d3-9a0c-0305e82c3301-640x400';
      const refused = await t.http
        .put('/api/admin/content/services')
        .set(editor)
        .send({ fields: withCardImage(fields, unknown) })
        .expect(400);
      expect(refused.body).toEqual({ success: false, message: MESSAGES.contentInvalid, errors: { 'offer.cards.0.image': MESSAGES.mediaUnknown } });
      const { data } = (await upload(t, editor, await picture('png', 640, 400)).expect(201)).body;
      const resized = mediaSrc({ id: data._id, width: 320, height: 200 });
      const wrongSize = await t.http
        .put('/api/admin/content/services')
        .set(editor)
        .send({ fields: withCardImage(fields, resized) })
        .expect(400);
      expect(wrongSize.body.errors).toEqual({ 'offer.cards.0.image': MESSAGES.mediaUnknown });
      const notOurs = await t.http
        .put('/api/admin/content/services')
        .set(editor)
        .send({ fields: withCardImage(fields, 'https://example.com/a.png') })
        .expect(400);
      expect(notOurs.body.errors['offer.cards.0.image']).toMatch(/uploaded picture/);
      expect(await draft()).toEqual(fields);
    });

    it('takes an uploaded picture; once published, /services shows it as a <picture> with AVIF and WebP sources and its description', async () => {
      // Exactly the widest width: a wider one is only resized down to it.
      const { data } = (await upload(t, editor, await picture('jpeg', 1920, 1200)).expect(201)).body;
      const fields = withCardImage(await draft(), data.src, 'Our team at the whiteboard');
      await t.http.put('/api/admin/content/services').set(editor).send({ fields }).expect(200);
      await t.http.post('/api/admin/content/services/publish').set(editor).send({}).expect(200);
      const html = (await t.http.get('/services').expect(200)).text;
      const widths = [320, 640, 960, 1280, 1920];
      const srcset = (format: string) => widths.map((width) => `/media/${data._id}/${width}.${format} ${width}w`).join(', ');
      const element = required(/<picture>.*?<\/picture>/s.exec(html)?.[0], 'the card picture');
      expect(element).toContain(`<source type="image/avif" srcSet="${srcset('avif')}" sizes="`);
      expect(element).toContain(`<source type="image/webp" srcSet="${srcset('webp')}" sizes="`);
      expect(element).toContain(`srcSet="${srcset('jpg')}"`);
      expect(element).toContain('alt="Our team at the whiteboard" width="1920" height="1200" loading="lazy"');
      // Every file the page names is there.
      for (const [, url] of element.matchAll(/(\/media\/[^ "]+)/g)) await t.http.get(required(url, 'a file')).expect(200);
    });

    it('is not deleted while a draft, the published page, a scheduled version, a case study or a portfolio item names it: 409 says where', async () => {
      const { data } = (await upload(t, editor, await picture('png', 640, 400)).expect(201)).body;
      const refusal = async () => (await t.http.delete(`/api/admin/media/${data._id}`).set(editor).expect(409)).body;
      const without = await draft();
      const withPicture = withCardImage(without, data.src);
      const saveDraft = (fields: object) => t.http.put('/api/admin/content/services').set(editor).send({ fields }).expect(200);
      const publish = (at?: string) =>
        t.http
          .post('/api/admin/content/services/publish')
          .set(editor)
          .send(at ? { at } : {})
          .expect(200);

      await saveDraft(withPicture);
      expect(await refusal()).toEqual({ success: false, message: MESSAGES.mediaInUse('Services (draft)') });
      await publish();
      expect((await refusal()).message).toBe(MESSAGES.mediaInUse('Services (published)'));
      const portfolio = await t.http
        .post('/api/portfolio')
        .set(owner)
        .send({
          category: 'web',
          projectTitle: 'Lighthouse',
          projectSubtitle: 'A picture from the library',
          description: 'Its image link is a file of the picture.',
          imgLink: `/media/${data._id}/640.jpg`,
          linkToProject: 'https://lighthouse.example.com',
          techStack: ['React'],
        })
        .expect(201);
      expect((await refusal()).message).toBe(MESSAGES.mediaInUse('Services (published) and the portfolio item “Lighthouse”'));
      // In the draft of another item's case study, named by its item's title.
      const harbour = {
        category: 'web',
        projectTitle: 'Harbour',
        projectSubtitle: 'Its story shows the picture',
        description: 'A case study with a gallery.',
        imgLink: '/images/portfolio/harbour.jpg',
        linkToProject: 'https://harbour.example.com',
        techStack: ['Vue'],
      };
      const study = (await t.http.post('/api/portfolio').set(owner).send(harbour).expect(201)).body.data._id as string;
      await t.http
        .put(`/api/portfolio/${study}`)
        .set(owner)
        .send({ ...harbour, gallery: [{ image: data.src, imageAlt: 'The harbour at dawn', caption: '' }] })
        .expect(200);
      expect((await refusal()).message).toBe(MESSAGES.mediaInUse('Services (published), the case study “Harbour” (draft) and the portfolio item “Lighthouse”'));
      await t.http.delete(`/api/portfolio/${study}`).set(owner).expect(200);
      await t.http.delete(`/api/portfolio/${portfolio.body.data._id}`).set(owner).expect(200);

      // Published without it again, then a schedule of a version that names it, the draft moved on.
      await saveDraft(without);
      await publish();
      await saveDraft(withPicture);
      await publish(new Date(Date.now() + 3_600_000).toISOString());
      const scheduledVersion = (await t.http.get('/api/admin/content/services').set(editor).expect(200)).body.page.draftVersionId as string;
      await saveDraft(without);
      expect((await refusal()).message).toBe(MESSAGES.mediaInUse('Services (scheduled)'));
      expect(fs.readdirSync(mediaDir()).filter((name) => name.startsWith(data._id))).toHaveLength(6);

      // Unused once the schedule is cancelled: deleted, and the version that names it can no longer be restored.
      await t.http.delete('/api/admin/content/services/schedule').set(editor).expect(200);
      await t.http.delete(`/api/admin/media/${data._id}`).set(editor).expect(200);
      const restore = await t.http.post(`/api/admin/content/services/versions/${scheduledVersion}/restore`).set(editor).expect(400);
      expect(restore.body.errors).toEqual({ 'offer.cards.0.image': MESSAGES.mediaUnknown });
    });
  });
});

describe('Picture uploads per admin (RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR)', () => {
  let t: TestApp;
  let owner: { Authorization: string };
  let editor: { Authorization: string };

  beforeAll(async () => {
    const app = await signedInApp({ RATE_LIMIT_MEDIA_UPLOADS_PER_HOUR: '2' });
    ({ t, owner } = app);
    editor = await app.invite('editor', 'editor@media-limit.test');
  }, BOOT_TIMEOUT_MS);
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an admin is over the limit, stores nothing, and counts each admin on their own', async () => {
    const bytes = await picture('png', 64, 48);
    await upload(t, editor, bytes).expect(201);
    await upload(t, editor, bytes).expect(201);
    const refused = await upload(t, editor, bytes).expect(429);
    expect(refused.body).toEqual({ success: false, message: MESSAGES.mediaUploadsRateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.http.get('/api/admin/media').set(editor).expect(200)).body.total).toBe(2);
    await upload(t, owner, bytes).expect(201);
  });
});

describe('Pictures on S3-compatible storage (STORAGE_URL, a real s3rver)', () => {
  let s3: S3Server;
  let t: TestApp;
  let editor: { Authorization: string };
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(process.env, S3RVER_CREDENTIALS);
    const app = await signedInApp({ STORAGE_URL: s3.storageUrl });
    t = app.t;
    editor = await app.invite('editor', 'editor@media-s3.test');
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    process.env = savedEnv;
  });

  it("keeps every file under the bucket's media/ prefix, serves them from there, and leaves the resumes' listing alone", async () => {
    const pictures = t.app.get(MediaStorage) as unknown as S3ResumeStorage;
    expect(pictures).toBeInstanceOf(S3ResumeStorage);
    const { data } = (await upload(t, editor, await picture('webp', 700, 350)).expect(201)).body;
    const keys = [...(await pictures.objects()).keys()].sort();
    expect(keys).toEqual([320, 640, 700].flatMap((width) => ['avif', 'jpg', 'webp'].map((format) => `${data._id}-${width}.${format}`)).sort());
    const answer = await t.http.get(`/media/${data._id}/700.avif`).buffer(true).expect(200);
    expect(answer.headers['content-type']).toBe('image/avif');
    expect((await sharp(answer.body as Buffer).metadata()).width).toBe(700);
    await t.http.get(`/media/${data._id}/960.avif`).expect(404);
    expect(await t.app.get(ResumeStorage).allKeys()).toEqual([]);
  });

  it('deletes every file of a picture from the bucket', async () => {
    const pictures = t.app.get(MediaStorage) as unknown as S3ResumeStorage;
    const { data } = (await upload(t, editor, await picture('jpeg', 700, 350)).expect(201)).body;
    const keysOf = async () => [...(await pictures.objects()).keys()].filter((key) => key.startsWith(data._id));
    expect(await keysOf()).toHaveLength(9);
    await t.http.delete(`/api/admin/media/${data._id}`).set(editor).expect(200);
    expect(await keysOf()).toEqual([]);
    await t.http.get(`/media/${data._id}/640.jpg`).expect(404);
  });
});
