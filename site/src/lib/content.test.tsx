import { DEFAULT_CONTENT } from '@brightwave/common';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useServicesContent, useSiteContent } from './content';
import { PageDataContext, type PageData } from './page-data';

const withPageData = (data: PageData) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
  };

describe('the content hooks', () => {
  it('read the content the page was rendered with', () => {
    const wrapper = withPageData({ content: DEFAULT_CONTENT });
    expect(renderHook(useSiteContent, { wrapper }).result.current).toBe(DEFAULT_CONTENT.site);
    expect(renderHook(useServicesContent, { wrapper }).result.current).toBe(DEFAULT_CONTENT.services);
  });

  it('name the content a page was rendered without (the client has no texts of its own)', () => {
    const wrapper = withPageData({ content: { site: DEFAULT_CONTENT.site } });
    // React reports the error thrown while rendering as well.
    const report = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(useServicesContent, { wrapper })).toThrow('The page was rendered without its "services" content');
    report.mockRestore();
  });
});
