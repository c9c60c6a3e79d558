// What the command palette offers for a query and a role, and how the arrow keys move through it.
import { commandOptions, itemOptions, jobOptions, matchesQuery, stepActive } from './palette-options';

const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe('matchesQuery', () => {
  it('finds every word of the query anywhere in the text, whatever the case', () => {
    expect(matchesQuery('set WEB', 'Settings Admin notifications webhooks')).toBe(true);
    expect(matchesQuery('set mail', 'Settings Admin notifications webhooks')).toBe(false);
  });

  it('matches everything with an empty query', () => {
    expect(matchesQuery('  ', 'Leads')).toBe(true);
  });
});

describe('commandOptions', () => {
  it('offers an owner every screen of the sidebar and creating a job, for an empty query', () => {
    const options = commandOptions('owner', '');
    expect(labels(options)).toEqual([
      'Dashboard',
      'My work',
      'Leads',
      'Queries',
      'Forms',
      'Jobs',
      'Applications',
      'Content',
      'Pages',
      'Redirects',
      'News',
      'Portfolio',
      'Analytics',
      'Admins',
      'Settings',
      'Audit log',
      'Deliveries',
      'Privacy',
      'My availability',
      'My account',
      'Create a job',
    ]);
    expect(options.at(-1)).toMatchObject({ section: 'Actions', choice: { kind: 'create-job' } });
  });

  it("finds a screen by the glossary's word when the SPEC names it otherwise: contact messages are Queries", () => {
    expect(commandOptions('sales', 'contact mess')).toEqual([
      { key: 'go:/queries', section: 'Go to', label: 'Queries', detail: 'Sales', choice: { kind: 'go', to: '/queries' } },
    ]);
  });

  it('offers only the screens and actions the role may use', () => {
    expect(labels(commandOptions('editor', 'job'))).toEqual([]);
    expect(labels(commandOptions('recruiter', 'job'))).toEqual(['Jobs', 'Create a job']);
    expect(labels(commandOptions('sales', 'leads'))).toEqual(['Leads']);
  });
});

describe('found items and jobs', () => {
  it("open on the item's own page, and a job on its pipeline", () => {
    expect(itemOptions('lead', [{ _id: 'l1', label: 'Ada', detail: 'ada@example.test' }])[0]).toMatchObject({
      section: 'Leads',
      choice: { kind: 'go', to: '/leads/l1' },
    });
    expect(itemOptions('contact', [{ _id: 'c1', label: 'Bo' }])[0]).toMatchObject({ section: 'Contact messages', choice: { to: '/queries/c1' } });
    expect(itemOptions('application', [{ _id: 'a1', label: 'Cy' }])[0]).toMatchObject({ section: 'Applications', choice: { to: '/applications/a1' } });
    expect(jobOptions([{ _id: 'j1', label: 'Designer' }])[0]).toMatchObject({ section: 'Jobs', choice: { to: '/jobs/j1/pipeline' } });
  });
});

describe('stepActive', () => {
  const options = commandOptions('owner', 'a').slice(0, 3);
  const [first, second, third] = options.map((option) => option.key);

  it('moves down and up, round the ends', () => {
    expect(stepActive(options, first ?? null, 1)).toBe(second);
    expect(stepActive(options, third ?? null, 1)).toBe(first);
    expect(stepActive(options, first ?? null, -1)).toBe(third);
  });

  it('starts from the first option going down and the last going up when none is active, and has nothing to move in an empty list', () => {
    expect(stepActive(options, null, 1)).toBe(first);
    expect(stepActive(options, 'gone', -1)).toBe(third);
    expect(stepActive([], null, 1)).toBeNull();
  });
});
