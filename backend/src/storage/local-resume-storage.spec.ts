import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config/app-config';
import { LocalResumeStorage } from './local-resume-storage';

describe(LocalResumeStorage.name, () => {
  let root: string;
  let uploadsDir: string;
  let storage: LocalResumeStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-storage-'));
    uploadsDir = path.join(root, 'uploads');
    storage = new LocalResumeStorage({ storage: { uploadsDir } } as AppConfig);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('saves bytes under a random UUID, creating the folder, and reads the same bytes back', async () => {
    const bytes = Buffer.from([0, 1, 2, 255]);
    const first = await storage.save(bytes);
    const second = await storage.save(bytes);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(first);
    expect(fs.readdirSync(uploadsDir).sort()).toEqual([first, second].sort());
    expect(await storage.read(first)).toEqual(bytes);
  });

  it('keeps the files readable by the owner only', async () => {
    const key = await storage.save(Buffer.from('x'));
    expect(fs.statSync(path.join(uploadsDir, key)).mode & 0o777).toBe(0o600);
  });

  it('answers undefined for a key without a file, and for a key that is not one of its own', async () => {
    fs.mkdirSync(uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(root, 'secret'), 'outside');
    expect(await storage.read('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await storage.read('../secret')).toBeUndefined();
  });

  it('deletes a file, and deleting again (or a key that is not its own) is harmless', async () => {
    const key = await storage.save(Buffer.from('x'));
    fs.writeFileSync(path.join(root, 'secret'), 'outside');
    await storage.delete(key);
    await storage.delete(key);
    await storage.delete('../secret');
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
    expect(fs.existsSync(path.join(root, 'secret'))).toBe(true);
  });

  it('lists every stored key without touching a write in progress', async () => {
    const key = await storage.save(Buffer.from('stored'));
    const inProgress = path.join(uploadsDir, '00000000-0000-4000-8000-000000000000.partial');
    fs.writeFileSync(inProgress, 'half');
    expect(await storage.allKeys()).toEqual([key]);
    expect(fs.existsSync(inProgress)).toBe(true);
  });
});
