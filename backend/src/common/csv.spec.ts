import { csvCell, csvDate, csvFilename, csvLine, csvStream } from './csv';

describe('CSV cells and lines', () => {
  it('quotes every cell, doubles quotes, and ends a line with CRLF', () => {
    expect(csvLine(['Ada', 'Said "hi", then left', 3, null, undefined])).toBe('"Ada","Said ""hi"", then left","3","",""\r\n');
  });

  it.each(['=HYPERLINK("x")', '+1 555', '-2+3', '@SUM(A1)', '\tTab', '\rReturn'])('neutralises %j, which a spreadsheet would run as a formula', (value) => {
    expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
  });

  it('leaves the same characters alone inside a cell', () => {
    expect(csvCell('a=b+c-d@e')).toBe('"a=b+c-d@e"');
  });
});

describe('CSV dates and file names', () => {
  it("writes dates as 'MMM dd, yyyy' in the time zone given", () => {
    const lateEvening = new Date('2026-01-05T23:30:00Z');
    expect(csvDate(lateEvening, 'UTC')).toBe('Jan 05, 2026');
    expect(csvDate(lateEvening, 'Asia/Kolkata')).toBe('Jan 06, 2026');
    expect(csvDate(new Date('2026-09-01T12:00:00Z'), 'UTC')).toBe('Sep 01, 2026');
  });

  it('names the file by the list and the day in that time zone', () => {
    expect(csvFilename('leads', new Date('2026-01-05T23:30:00Z'), 'UTC')).toBe('leads-2026-01-05.csv');
    expect(csvFilename('leads', new Date('2026-01-05T23:30:00Z'), 'Asia/Kolkata')).toBe('leads-2026-01-06.csv');
  });
});

describe(csvStream.name, () => {
  async function* pagesOf<T>(pages: T[][], failAfter?: number): AsyncGenerator<T[]> {
    for (const [index, page] of pages.entries()) {
      if (index === failAfter) throw new Error('database gone');
      yield page;
    }
  }
  const read = async (stream: NodeJS.ReadableStream) => {
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    return text;
  };

  it('writes the BOM, the header line and every page, then tells how many rows went out, all of them', async () => {
    const ended: [number, boolean][] = [];
    const stream = await csvStream({
      headers: ['Name'],
      cells: (row: string) => [row],
      pages: pagesOf([['a', 'b'], ['c']]),
      onEnd: async (rows, complete) => void ended.push([rows, complete]),
    });
    expect(await read(stream)).toBe('\uFEFF"Name"\r\n"a"\r\n"b"\r\n"c"\r\n');
    expect(ended).toEqual([[3, true]]);
  });

  it('fails before answering when the first page cannot be read (an error answer, not a cut file)', async () => {
    const ended: [number, boolean][] = [];
    const start = csvStream({
      headers: ['Name'],
      cells: (row: string) => [row],
      pages: pagesOf([['a']], 0),
      onEnd: async (rows, complete) => void ended.push([rows, complete]),
    });
    await expect(start).rejects.toThrow('database gone');
    expect(ended).toEqual([]);
  });

  it('ends the stream with an error when a later page fails, and tells the rows sent, not complete', async () => {
    const ended: [number, boolean][] = [];
    const stream = await csvStream({
      headers: ['Name'],
      cells: (row: string) => [row],
      pages: pagesOf([['a', 'b'], ['c']], 1),
      onEnd: async (rows, complete) => void ended.push([rows, complete]),
    });
    await expect(read(stream)).rejects.toThrow('database gone');
    expect(ended).toEqual([[2, false]]);
  });

  it('tells nothing for a stream destroyed before it was read (a HEAD request)', async () => {
    const ended: [number, boolean][] = [];
    const stream = await csvStream({
      headers: ['Name'],
      cells: (row: string) => [row],
      pages: pagesOf([['a']]),
      onEnd: async (rows, complete) => void ended.push([rows, complete]),
    });
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toEqual([]);
  });
});
