import { MEMORY_MARKS_MAX, MemoryVisitorLedger, visitorId } from './visitor-ledger';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0';
const view = (path: string) => ({ kind: 'view' as const, path, form: undefined, source: 'newsletter', medium: 'email', named: true });
/** A view that names no channel: `direct` unless the visitor's visit came from somewhere today. */
const unnamed = (path: string) => ({ kind: 'view' as const, path, form: undefined, source: 'direct', medium: null, named: false });

describe(MemoryVisitorLedger.name, () => {
  it('marks a visitor new to the day, a page and a channel once each; another browser is another visitor', async () => {
    const ledger = new MemoryVisitorLedger();
    expect(await ledger.record('2026-03-10', '203.0.113.1', BROWSER, view('/'))).toMatchObject({ visitor: true, page: true, channel: true });
    expect(await ledger.record('2026-03-10', '203.0.113.1', BROWSER, view('/'))).toMatchObject({ visitor: false, page: false, channel: false });
    expect(await ledger.record('2026-03-10', '203.0.113.1', BROWSER, view('/contact'))).toMatchObject({ visitor: false, page: true, channel: false });
    expect(await ledger.record('2026-03-10', '203.0.113.1', `${BROWSER} Edg/131`, view('/'))).toMatchObject({ visitor: true, page: true });
  });

  it("gives a start the channel of the visitor's first view of the day, and counts a form's start once", async () => {
    const ledger = new MemoryVisitorLedger();
    await ledger.record('2026-03-10', '203.0.113.1', BROWSER, view('/'));
    const start = { kind: 'start' as const, form: 'quote' as const };
    expect(await ledger.record('2026-03-10', '203.0.113.1', BROWSER, start)).toMatchObject({ start: true, channelKey: 'newsletter\temail' });
    expect(await ledger.record('2026-03-10', '203.0.113.1', BROWSER, start)).toMatchObject({ start: false });
    expect(await ledger.record('2026-03-10', '203.0.113.2', BROWSER, start)).toMatchObject({ start: true, channelKey: undefined });
  });

  it("counts a view that names no channel under the visit's (the visitor's first view today), else as direct", async () => {
    const ledger = new MemoryVisitorLedger();
    await ledger.record('2026-03-10', '203.0.113.1', BROWSER, view('/'));
    expect(await ledger.record('2026-03-10', '203.0.113.1', BROWSER, unnamed('/contact'))).toMatchObject({ channel: false, channelKey: 'newsletter\temail' });
    expect(await ledger.record('2026-03-10', '203.0.113.2', BROWSER, unnamed('/'))).toMatchObject({ channel: true, channelKey: 'direct\t' });
    // A view that names its channel counts under it, also after another.
    expect(await ledger.record('2026-03-10', '203.0.113.2', BROWSER, view('/about'))).toMatchObject({ channel: true, channelKey: 'newsletter\temail' });
  });

  it('takes a new salt each day: the same address and browser get another id and are new again', async () => {
    const ledger = new MemoryVisitorLedger();
    const first = ledger.visitorOf('2026-03-10', '203.0.113.1', BROWSER);
    expect(ledger.visitorOf('2026-03-10', '203.0.113.1', BROWSER)).toBe(first);
    await ledger.record('2026-03-10', '203.0.113.1', BROWSER, view('/'));
    expect(ledger.visitorOf('2026-03-11', '203.0.113.1', BROWSER)).not.toBe(first);
    expect(await ledger.record('2026-03-11', '203.0.113.1', BROWSER, view('/'))).toMatchObject({ visitor: true });
  });

  it(`counts nobody new past ${MEMORY_MARKS_MAX} marks a day, so memory stays bounded`, async () => {
    const ledger = new MemoryVisitorLedger();
    for (let index = 0; index < MEMORY_MARKS_MAX; index++)
      await ledger.record('2026-03-10', `10.0.${index >> 8}.${index & 255}`, BROWSER, { kind: 'start', form: 'quote' });
    expect(await ledger.record('2026-03-10', '203.0.113.9', BROWSER, view('/'))).toMatchObject({ visitor: false, page: false });
  });
});

describe(visitorId.name, () => {
  it('is 16 characters of base64url, and depends on the salt, the address and the browser', () => {
    const id = visitorId('aa', '203.0.113.1', BROWSER);
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(
      new Set([id, visitorId('ab', '203.0.113.1', BROWSER), visitorId('aa', '203.0.113.2', BROWSER), visitorId('aa', '203.0.113.1', `${BROWSER}x`)]).size,
    ).toBe(4);
  });
});
