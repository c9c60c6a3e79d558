import { company } from '../content/company';
import { writeHead } from './head-tags';

const alternateLinks = () => [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => link.getAttribute('href'));

describe('writeHead', () => {
  const feeds = [
    { type: 'application/xml', href: '/careers/feed.xml', title: 'Open positions (XML job feed)' },
    { type: 'application/feed+json', href: '/careers/feed.json', title: 'Open positions (JSON Feed)' },
  ];

  it("adds the page's alternate links, and a page without them removes the previous page's", () => {
    writeHead({ title: 'Careers', description: 'Open positions', canonicalPath: '/careers', alternates: feeds });
    expect(alternateLinks()).toEqual([`${company.siteUrl}/careers/feed.xml`, `${company.siteUrl}/careers/feed.json`]);
    expect(document.head.querySelector('link[rel="alternate"]')?.getAttribute('type')).toBe('application/xml');

    writeHead({ title: 'Home', description: 'Welcome', canonicalPath: '/' });
    expect(alternateLinks()).toEqual([]);
    expect(document.title).toBe('Home');
  });

  it('does not repeat the links when the same page writes its head again', () => {
    writeHead({ title: 'Careers', description: 'Open positions', canonicalPath: '/careers', alternates: feeds });
    writeHead({ title: 'Careers', description: 'Open positions', canonicalPath: '/careers', alternates: feeds });
    expect(alternateLinks()).toHaveLength(2);
  });
});
