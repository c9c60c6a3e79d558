// Hydrating a page built from blocks (pages/built-page.tsx): the blocks that need no script are the server's HTML, which
// the browser keeps as it is without their code.
import { richDoc, richParagraph, type BuiltPageDocument } from '@brightwave/common';
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { renderStaticBlock } from '../components/blocks/static-block';
import { PageDataContext } from '../lib/page-data';
import OtherPage, { StaticBlockRenderer } from './built-page';

const page: BuiltPageDocument = {
  title: 'Our offer',
  slug: 'offer',
  seo: { title: '', description: '', image: '' },
  blocks: [
    { type: 'hero', heading: 'An offer worth reading', text: '', image: '', imageAlt: '', buttonLabel: 'Ask us', buttonLink: '/contact' },
    { type: 'richText', body: richDoc(richParagraph('Every detail, in writing.')) },
    { type: 'stats', heading: '', items: [{ value: '12', label: 'Years' }] },
  ],
};

function Site({ renderer }: { renderer: typeof renderStaticBlock | null }): ReactNode {
  return (
    <PageDataContext.Provider value={{ builtPage: page }}>
      <StaticBlockRenderer.Provider value={renderer}>
        <MemoryRouter initialEntries={['/offer']}>
          <OtherPage />
        </MemoryRouter>
      </StaticBlockRenderer.Provider>
    </PageDataContext.Provider>
  );
}

describe('a built page in the browser', () => {
  it("keeps the server's HTML of its blocks through hydration, without their code", async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    container.innerHTML = renderToString(<Site renderer={renderStaticBlock} />);
    const sent = container.innerHTML;
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
    await act(async () => {
      hydrateRoot(container, <Site renderer={null} />, { onRecoverableError: (error) => errors.push(error) });
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(sent);
    expect(container.querySelector('h1')?.textContent).toBe('An offer worth reading');
    expect(container.querySelector('a[href="/contact"]')?.textContent).toBe('Ask us');
  });
});
