import { MESSAGES, PASSKEY_MESSAGES, required, type AuditAction, type AuditEntry, type Passkey } from '@brightwave/common';
import { and, eq } from 'drizzle-orm';
import { DATABASE, type Database } from '../src/database/database';
import { admins, passkeyChallenges, passkeys, signInAttempts } from '../src/database/schema';
import { readMessageFile } from './mail-message';
import { loginAsAdmin, signInInvitedAdmin } from './support/admin-session';
import { PasskeysService } from '../src/passkeys/passkeys.service';
import { SoftwarePasskey, type Ceremony, type CeremonyOptions } from './support/software-authenticator';
import { createTestApp, type RestartableTestApp } from './support/test-app';

const PUBLIC_URL = 'https://admin.brightwave.test';
/** What a browser on the site says, and the RP ID its authenticator scopes passkeys to. */
const THIS_SITE: Ceremony = { origin: PUBLIC_URL, rpId: 'admin.brightwave.test' };
const ADA = { email: 'ada@passkeys.test', password: 'quiet-harbour-tulip-42' };
const BEN = { email: 'ben@passkeys.test', password: 'amber-falcon-meadow-17' };

describe('Passkeys', () => {
  let t: RestartableTestApp;
  let db: Database;
  let owner: { Authorization: string };
  let ada: { Authorization: string };
  let ben: { Authorization: string };

  beforeAll(async () => {
    // The sign-in limits have their own suites.
    t = await createTestApp({ PUBLIC_URL, RATE_LIMIT_AUTH_PER_15_MIN: '10000' });
    db = t.app.get<symbol, Database>(DATABASE);
    const ownerToken = await loginAsAdmin(t);
    owner = { Authorization: `Bearer ${ownerToken}` };
    ada = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'sales', ADA)}` };
    ben = { Authorization: `Bearer ${await signInInvitedAdmin(t, ownerToken, 'editor', BEN)}` };
  });
  afterAll(() => t?.close());

  const adminId = async (email: string) => required((await db.select().from(admins).where(eq(admins.email, email)))[0], email).id;
  const mailsSince = (before: number) => t.outbox().slice(before).map(readMessageFile);
  async function auditOf(action: AuditAction): Promise<AuditEntry[]> {
    return (await t.http.get('/api/admin/audit').query({ action }).set(owner).expect(200)).body.entries as AuditEntry[];
  }
  const listOf = async (as: { Authorization: string }) => (await t.http.get('/api/admin/me/passkeys').set(as).expect(200)).body.passkeys as Passkey[];

  async function registrationOptions(as: { Authorization: string }, password: string): Promise<CeremonyOptions & Record<string, unknown>> {
    return (await t.http.post('/api/admin/me/passkeys/options').set(as).send({ password }).expect(200)).body.options;
  }
  /** Adds a new passkey for the admin, the whole ceremony: its password, the options, the device's answer. */
  async function enrol(
    as: { Authorization: string },
    { password }: { password: string },
    name = 'Work laptop',
  ): Promise<{ device: SoftwarePasskey; passkey: Passkey }> {
    const device = new SoftwarePasskey();
    const options = await registrationOptions(as, password);
    const answer = await t.http
      .post('/api/admin/me/passkeys')
      .set(as)
      .send({ name, response: device.register(options, THIS_SITE) })
      .expect(201);
    return { device, passkey: answer.body.passkey as Passkey };
  }
  const signInOptions = async (): Promise<CeremonyOptions> => (await t.http.post('/api/admin/passkey/options').expect(200)).body.options;
  const signIn = (response: object) => t.http.post('/api/admin/passkey/verify').set('user-agent', 'passkey-suite').send({ response });

  describe('adding one: POST /api/admin/me/passkeys/options and POST /api/admin/me/passkeys', () => {
    it('asks for a discoverable credential with user verification, from PUBLIC_URL as relying party, after the password', async () => {
      const options = await registrationOptions(ben, BEN.password);
      expect(options).toMatchObject({
        rp: { id: 'admin.brightwave.test', name: 'Brightwave Technologies' },
        user: { name: BEN.email },
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
        timeout: 300_000,
      });
    });

    it('adds the passkey to the list (name, added, never used), audits it and mails the admin', async () => {
      const before = t.outbox().length;
      const { passkey } = await enrol(ada, ADA, 'Ada’s phone');
      expect(passkey).toEqual({ id: expect.any(String), name: 'Ada’s phone', createdAt: expect.any(String), lastUsedAt: null });
      expect(await listOf(ada)).toContainEqual(passkey);
      expect(await listOf(ben)).not.toContainEqual(passkey);
      const [added] = await auditOf('account.passkey_added');
      expect(added).toMatchObject({ targetKind: 'admin', targetId: await adminId(ADA.email), details: { passkey: passkey.id, name: 'Ada’s phone' } });
      const mails = mailsSince(before).filter((mail) => mail.headers.to === ADA.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['A passkey was added to your Brightwave admin account']);
      expect(mails[0]?.text).toContain('A passkey named "Ada’s phone" was added to your account');
    });

    it('refuses a wrong password: no options, counted as a failed sign-in and audited', async () => {
      const challengesBefore = (await db.select().from(passkeyChallenges)).length;
      const answer = await t.http.post('/api/admin/me/passkeys/options').set(ada).send({ password: 'not-it' }).expect(400);
      expect(answer.body.errors).toEqual({ password: 'That is not your password: enter the password you sign in with' });
      expect(await db.select().from(passkeyChallenges)).toHaveLength(challengesBefore);
      const [failed] = await auditOf('auth.sign_in_failed');
      expect(failed?.details).toEqual({ step: 'password', for: 'passkey-registration' });
    });

    it('refuses an answer from another origin or for another RP ID, and one without user verification', async () => {
      for (const ceremony of [
        { origin: 'https://evil.test', rpId: THIS_SITE.rpId },
        { origin: THIS_SITE.origin, rpId: 'evil.test' },
        { ...THIS_SITE, userVerified: false },
      ]) {
        const options = await registrationOptions(ada, ADA.password);
        const answer = await t.http
          .post('/api/admin/me/passkeys')
          .set(ada)
          .send({ name: 'Stolen', response: new SoftwarePasskey().register(options, ceremony) })
          .expect(400);
        expect(answer.body.message).toBe(PASSKEY_MESSAGES.notVerified);
      }
      expect((await listOf(ada)).map((passkey) => passkey.name)).not.toContain('Stolen');
    });

    it('takes each challenge once, and only from the admin it was given to', async () => {
      const options = await registrationOptions(ada, ADA.password);
      const device = new SoftwarePasskey();
      const response = device.register(options, THIS_SITE);
      const asBen = await t.http.post('/api/admin/me/passkeys').set(ben).send({ name: 'Ben', response }).expect(400);
      expect(asBen.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
      // Ben's try did not take Ada's challenge.
      await t.http.post('/api/admin/me/passkeys').set(ada).send({ name: 'Once', response }).expect(201);
      const again = await t.http.post('/api/admin/me/passkeys').set(ada).send({ name: 'Twice', response }).expect(400);
      expect(again.body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
    });

    it('requires a name of at most 100 characters, and the browser’s answer', async () => {
      const options = await registrationOptions(ada, ADA.password);
      const response = new SoftwarePasskey().register(options, THIS_SITE);
      const unnamed = await t.http.post('/api/admin/me/passkeys').set(ada).send({ name: '  ', response }).expect(400);
      expect(unnamed.body.errors).toMatchObject({ name: PASSKEY_MESSAGES.nameMissing });
      const long = await t.http
        .post('/api/admin/me/passkeys')
        .set(ada)
        .send({ name: 'x'.repeat(101), response })
        .expect(400);
      expect(long.body.errors).toMatchObject({ name: PASSKEY_MESSAGES.nameTooLong });
      const noAnswer = await t.http.post('/api/admin/me/passkeys').set(ada).send({ name: 'Laptop' }).expect(400);
      expect(noAnswer.body.errors).toMatchObject({ response: PASSKEY_MESSAGES.responseMissing });
    });
  });

  describe('signing in with one: POST /api/admin/passkey/options and POST /api/admin/passkey/verify', () => {
    it('signs in with the passkey alone: a working session, recorded and audited like any sign-in', async () => {
      const { device, passkey } = await enrol(ada, ADA, 'Sign-in laptop');
      const options = await signInOptions();
      expect(options).toMatchObject({ rpId: 'admin.brightwave.test', userVerification: 'required' });
      expect(options).not.toHaveProperty('allowCredentials.0');

      const answer = await signIn(device.signIn(options, THIS_SITE)).expect(200);
      const id = await adminId(ADA.email);
      expect(answer.body).toEqual({ success: true, token: expect.any(String), admin: { _id: id, id, name: expect.any(String), email: ADA.email } });
      const session = { Authorization: `Bearer ${answer.body.token as string}` };
      const account = await t.http.get('/api/admin/account').set(session).expect(200);
      expect(account.body.account.email).toBe(ADA.email);
      const [row] = await db.select().from(admins).where(eq(admins.id, id));
      expect(row?.lastSignInAt?.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await listOf(session)).find((row) => row.id === passkey.id)?.lastUsedAt).toEqual(expect.any(String));
      const [signedIn] = await auditOf('auth.sign_in');
      expect(signedIn).toMatchObject({ targetKind: 'admin', targetId: id, details: { with: 'passkey', passkey: passkey.id } });
      const known = await db
        .select()
        .from(signInAttempts)
        .where(and(eq(signInAttempts.adminId, id), eq(signInAttempts.step, 'passkey'), eq(signInAttempts.succeeded, true)));
      expect(known.length).toBeGreaterThan(0);
    });

    it('refuses a replayed answer: its challenge is used', async () => {
      const { device } = await enrol(ada, ADA);
      const response = device.signIn(await signInOptions(), THIS_SITE);
      await signIn(response).expect(200);
      expect((await signIn(response).expect(400)).body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
    });

    it('refuses a challenge it never gave, and a registration challenge', async () => {
      const { device } = await enrol(ada, ADA);
      expect((await signIn(device.signIn({ challenge: 'bm90LWdpdmVu' }, THIS_SITE)).expect(400)).body.message).toBe(PASSKEY_MESSAGES.challengeExpired);
      const registration = await registrationOptions(ada, ADA.password);
      await signIn(device.signIn(registration, THIS_SITE)).expect(400);
    });

    it('refuses an answer from another origin or RP ID, without user verification, or from an unknown passkey', async () => {
      const { device } = await enrol(ada, ADA);
      for (const ceremony of [
        { origin: 'https://evil.test', rpId: THIS_SITE.rpId },
        { origin: THIS_SITE.origin, rpId: 'evil.test' },
        { ...THIS_SITE, userVerified: false },
      ]) {
        expect((await signIn(device.signIn(await signInOptions(), ceremony)).expect(401)).body.message).toBe(PASSKEY_MESSAGES.notVerified);
      }
      const unknown = await signIn(new SoftwarePasskey().signIn(await signInOptions(), THIS_SITE)).expect(401);
      expect(unknown.body.message).toBe(PASSKEY_MESSAGES.unknownPasskey);
    });

    it('refuses a signature counter that went backwards (a cloned key)', async () => {
      const { device } = await enrol(ada, ADA);
      device.counter = 10;
      await signIn(device.signIn(await signInOptions(), THIS_SITE)).expect(200);
      device.counter = 3;
      await signIn(device.signIn(await signInOptions(), THIS_SITE)).expect(401);
    });

    it('refuses the passkey of a disabled admin, and audits it', async () => {
      const { device } = await enrol(ben, BEN);
      const id = await adminId(BEN.email);
      await db.update(admins).set({ disabledAt: new Date() }).where(eq(admins.id, id));
      try {
        const answer = await signIn(device.signIn(await signInOptions(), THIS_SITE)).expect(403);
        expect(answer.body.message).toBe(MESSAGES.accountDisabled);
        const [failed] = await auditOf('auth.sign_in_failed');
        expect(failed).toMatchObject({ details: { step: 'passkey', reason: 'disabled' } });
      } finally {
        await db.update(admins).set({ disabledAt: null }).where(eq(admins.id, id));
      }
    });
  });

  describe('removing one: DELETE /api/admin/me/passkeys/:id', () => {
    it('refuses a wrong password and changes nothing', async () => {
      const { device, passkey } = await enrol(ada, ADA, 'Keep me');
      const answer = await t.http.delete(`/api/admin/me/passkeys/${passkey.id}`).set(ada).send({ password: 'not-it' }).expect(400);
      expect(answer.body.errors).toEqual({ password: 'That is not your password: enter the password you sign in with' });
      expect(await listOf(ada)).toContainEqual(passkey);
      await signIn(device.signIn(await signInOptions(), THIS_SITE)).expect(200);
    });

    it('removes it with the password: gone from the list, no longer signs in, audited and mailed', async () => {
      const { device, passkey } = await enrol(ada, ADA, 'Old phone');
      const before = t.outbox().length;
      const answer = await t.http.delete(`/api/admin/me/passkeys/${passkey.id}`).set(ada).send({ password: ADA.password }).expect(200);
      expect(answer.body).toEqual({ success: true, message: PASSKEY_MESSAGES.removed });
      expect((await listOf(ada)).map((row) => row.id)).not.toContain(passkey.id);
      expect(await db.select().from(passkeys).where(eq(passkeys.id, passkey.id))).toEqual([]);
      expect((await signIn(device.signIn(await signInOptions(), THIS_SITE)).expect(401)).body.message).toBe(PASSKEY_MESSAGES.unknownPasskey);
      const [removed] = await auditOf('account.passkey_removed');
      expect(removed).toMatchObject({ targetKind: 'admin', targetId: await adminId(ADA.email), details: { passkey: passkey.id, name: 'Old phone' } });
      expect(mailsSince(before).map((mail) => mail.subject)).toContain('A passkey was removed from your Brightwave admin account');
    });

    it('answers 404 for a passkey of another admin, or no passkey', async () => {
      const { passkey } = await enrol(ben, BEN, 'Ben’s key');
      await t.http.delete(`/api/admin/me/passkeys/${passkey.id}`).set(ada).send({ password: ADA.password }).expect(404);
      await t.http.delete('/api/admin/me/passkeys/not-an-id').set(ada).send({ password: ADA.password }).expect(404);
      expect(await listOf(ben)).toContainEqual(passkey);
    });

    it('removes every passkey of an admin who lost their device (npm run admin -- remove-passkeys, at the service): each audited and mailed', async () => {
      const { device } = await enrol(ben, BEN, 'Lost phone');
      await enrol(ben, BEN, 'Lost laptop');
      const service = t.app.get(PasskeysService);
      const before = t.outbox().length;
      const result = await service.removeAllByEmail(BEN.email.toUpperCase());
      expect(result.email).toBe(BEN.email);
      expect(result.removed).toEqual(expect.arrayContaining(['Lost phone', 'Lost laptop']));
      expect(await listOf(ben)).toEqual([]);
      expect((await signIn(device.signIn(await signInOptions(), THIS_SITE)).expect(401)).body.message).toBe(PASSKEY_MESSAGES.unknownPasskey);
      const removedNames = (await auditOf('account.passkey_removed')).filter((entry) => entry.targetId === result.email || entry.details.email === BEN.email);
      expect(removedNames.map((entry) => entry.details.name)).toEqual(expect.arrayContaining(['Lost phone', 'Lost laptop']));
      expect(mailsSince(before).filter((mail) => mail.subject === 'A passkey was removed from your Brightwave admin account')).toHaveLength(
        result.removed.length,
      );
      expect(await service.removeAllByEmail(BEN.email)).toEqual({ email: BEN.email, removed: [] });
      await expect(service.removeAllByEmail('nobody@example.com')).rejects.toThrow('No admin has the email nobody@example.com');
    });
  });
});
