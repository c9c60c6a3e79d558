import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeFolderPrivate, securePrivateFolders } from './private-data-dir';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('The private data folder', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-private-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('creates a missing data folder readable by its owner only', () => {
    const dataDir = path.join(root, 'data');
    expect(makeFolderPrivate(dataDir)).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('takes the group and other users off every folder and file that has them, and changes nothing twice', () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(dataDir, 'db', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'db', 'base', '1259'), 'rows');
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'secret');
    fs.writeFileSync(path.join(dataDir, 'already-private'), 'x', { mode: 0o600 });
    for (const folder of ['', 'db', 'db/base']) fs.chmodSync(path.join(dataDir, folder), 0o755);
    fs.chmodSync(path.join(dataDir, 'db', 'base', '1259'), 0o666);
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o604);

    expect(makeFolderPrivate(dataDir)).toBe(5);
    for (const folder of ['', 'db', 'db/base']) expect(modeOf(path.join(dataDir, folder))).toBe(0o700);
    for (const file of ['db/base/1259', 'jwt-secret', 'already-private']) expect(modeOf(path.join(dataDir, file))).toBe(0o600);
    expect(makeFolderPrivate(dataDir)).toBe(0);
  });

  it('does not follow a symbolic link out of the data folder', () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    const outside = path.join(root, 'outside.txt');
    fs.writeFileSync(outside, 'not ours');
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(dataDir, 'link'));
    expect(makeFolderPrivate(dataDir)).toBe(0);
    expect(modeOf(outside)).toBe(0o644);
  });

  it('holds an uploads folder outside the data folder to the same rule, and reports each repair once', () => {
    const dataDir = path.join(root, 'data');
    const uploadsDir = path.join(root, 'uploads');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.mkdirSync(uploadsDir, { mode: 0o755 });
    fs.writeFileSync(path.join(uploadsDir, '5a1b2c3d-0000-4000-8000-000000000001'), 'resume');
    fs.chmodSync(uploadsDir, 0o755);
    fs.chmodSync(dataDir, 0o755);
    const reports: string[] = [];
    securePrivateFolders({ dataDir, uploadsDir }, (message) => reports.push(message));
    expect(reports).toEqual([expect.stringContaining(dataDir), expect.stringContaining(uploadsDir)]);
    expect(modeOf(uploadsDir)).toBe(0o700);
    securePrivateFolders({ dataDir, uploadsDir }, (message) => reports.push(message));
    expect(reports).toHaveLength(2);
  });
});
