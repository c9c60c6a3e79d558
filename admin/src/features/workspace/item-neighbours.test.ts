import { neighboursOf } from './item-neighbours';

const rows = (...ids: string[]) => ids.map((_id) => ({ _id }));
const ids = (result: ReturnType<typeof neighboursOf>) => [
  result.previous && `${result.previous.row._id}@${result.previous.page}`,
  result.next && `${result.next.row._id}@${result.next.page}`,
];

describe('previous and next item', () => {
  it('are the rows around the item on its page of the list', () => {
    const result = neighboursOf('b', { page: 2, rows: rows('a', 'b', 'c'), hasPrevious: true, hasNext: true });
    expect(result.found).toBe(true);
    expect(ids(result)).toEqual(['a@2', 'c@2']);
    expect(result.needsPreviousPage || result.needsNextPage).toBe(false);
  });

  it("at a page's edge, are the last row of the page before and the first of the page after", () => {
    const first = { page: 2, rows: rows('a', 'b'), hasPrevious: true, hasNext: true };
    expect(neighboursOf('a', first).needsPreviousPage).toBe(true);
    expect(ids(neighboursOf('a', first))).toEqual([null, 'b@2']);
    expect(ids(neighboursOf('a', first, rows('y', 'z')))).toEqual(['z@1', 'b@2']);
    expect(neighboursOf('b', first).needsNextPage).toBe(true);
    expect(ids(neighboursOf('b', first, undefined, rows('c', 'd')))).toEqual(['a@2', 'c@3']);
  });

  it('are none at the ends of the list, and unknown when the item is not on the page', () => {
    expect(ids(neighboursOf('a', { page: 1, rows: rows('a'), hasPrevious: false, hasNext: false }))).toEqual([null, null]);
    const missing = neighboursOf('x', { page: 1, rows: rows('a', 'b'), hasPrevious: false, hasNext: true });
    expect(missing).toEqual({ found: false, previous: null, next: null, needsPreviousPage: false, needsNextPage: false });
  });
});
