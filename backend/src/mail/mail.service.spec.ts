import { required } from '@brightwave/common';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/app-config';
import { MailService } from './mail.service';

describe(MailService.name, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-mail-'));
  const mail = new MailService(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }));
  const outbox = () => (fs.existsSync(path.join(dataDir, 'outbox')) ? fs.readdirSync(path.join(dataDir, 'outbox')) : []);
  const message = { topic: 'test', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
  afterAll(() => {
    mail.onApplicationShutdown();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['"a,b"@example.com', 'a@example.com, b@example.org', 'Boss <boss@example.com>', 'g:a@example.com;'])(
    'refuses to send to %j, which is not one plain mailbox, and writes nothing',
    async (to) => {
      await expect(mail.send({ ...message, to })).rejects.toThrow('refused: the recipient is not one plain e-mail address');
      expect(outbox()).toEqual([]);
    },
  );

  it('leaves out a reply-to that is not one plain mailbox, and sends the rest', async () => {
    await mail.send({ ...message, to: 'staff@example.com', replyTo: { name: 'Visitor', address: '"a,b"@example.org' } });
    const [file] = outbox();
    const written = fs.readFileSync(path.join(dataDir, 'outbox', required(file, 'the written mail')), 'utf8');
    expect(written).toContain('To: staff@example.com');
    expect(written).not.toMatch(/^Reply-To:/im);
  });
});
