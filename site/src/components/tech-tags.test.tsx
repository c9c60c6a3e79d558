import { render, screen, within } from '@testing-library/react';
import { TechTags, visibleTechTags } from './tech-tags';

describe('visibleTechTags', () => {
  it('trims tags and ignores empty entries', () => {
    expect(visibleTechTags([' React ', '', '   ', 'Node.js'])).toEqual(['React', 'Node.js']);
  });

  it('does not show a duplicate twice', () => {
    expect(visibleTechTags(['React', 'react', 'React '])).toEqual(['React']);
  });
});

describe(TechTags.name, () => {
  it('renders one list item per technology', () => {
    render(<TechTags tags={['React', 'PostgreSQL']} />);
    const list = screen.getByRole('list', { name: 'Technologies' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['React', 'PostgreSQL']);
  });

  it('renders nothing without technologies', () => {
    const { container } = render(<TechTags tags={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
