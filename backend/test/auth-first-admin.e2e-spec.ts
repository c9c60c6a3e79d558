import { ConfigError, loadConfig } from '../src/config/app-config';
import { AdminsService } from '../src/accounts/admins.service';
import { FirstAdminBootstrap } from '../src/accounts/first-admin.bootstrap';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TEST_ADMIN, TestApp } from './support/test-app';

describe('First admin at start (ADMIN_EMAIL, ADMIN_PASSWORD)', () => {
  it.each([
    [{ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'eleven-char' }, 'ADMIN_PASSWORD must be at least 12 characters long'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough-password' }, 'ADMIN_EMAIL must be an email address'],
  ])('refuses to start with %j, naming the variable', (env, message) => {
    const load = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', JWT_SECRET: 'x'.repeat(32), ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });

  describe('on a database that already has an admin', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('was created from ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME on the empty database', async () => {
      const admins = await t.app.get(AdminsService).list();
      expect(admins.map(({ email, name }) => ({ email, name }))).toEqual([{ email: TEST_ADMIN.email, name: TEST_ADMIN.name }]);
      await loginAsAdmin(t);
    });

    it('leaves the existing admin alone at the next start, even with another password or e-mail', async () => {
      const original = { ...t.config.bootstrap };
      try {
        // The next start with changed environment runs the same start-up step against the same database.
        Object.assign(t.config.bootstrap, { adminPassword: 'a-different-password', adminName: 'Someone Else' });
        await t.app.get(FirstAdminBootstrap).onApplicationBootstrap();
        Object.assign(t.config.bootstrap, { adminEmail: 'second@example.test' });
        await t.app.get(FirstAdminBootstrap).onApplicationBootstrap();
      } finally {
        Object.assign(t.config.bootstrap, original);
      }
      const admins = await t.app.get(AdminsService).list();
      expect(admins.map(({ email, name }) => ({ email, name }))).toEqual([{ email: TEST_ADMIN.email, name: TEST_ADMIN.name }]);
      await loginAsAdmin(t);
      await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: 'a-different-password' }).expect(401);
    });
  });

  describe('without ADMIN_EMAIL and ADMIN_PASSWORD', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    });
    afterAll(() => t.close());

    it('creates no admin: there are no default credentials', async () => {
      expect(await t.app.get(AdminsService).list()).toEqual([]);
      await t.http.post('/admin/login').send({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(401);
    });

    it('stops the start with a message naming the variables when the password is too short', async () => {
      const original = { ...t.config.bootstrap };
      try {
        Object.assign(t.config.bootstrap, { adminEmail: 'first@example.test', adminPassword: 'too-short', adminName: 'First' });
        await expect(t.app.get(FirstAdminBootstrap).onApplicationBootstrap()).rejects.toThrow(
          'ADMIN_EMAIL / ADMIN_PASSWORD: The admin password must be at least 12 characters long',
        );
      } finally {
        Object.assign(t.config.bootstrap, original);
      }
      expect(await t.app.get(AdminsService).list()).toEqual([]);
    });
  });
});
