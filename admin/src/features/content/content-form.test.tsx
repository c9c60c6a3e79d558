import type { ContentFields, ContentPageSpec } from '@brightwave/common';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ContentForm } from './content-form';

// Every kind of field, a list of single values, and a list of records with a list inside each.
const spec: ContentPageSpec = {
  key: 'test',
  title: 'Test page',
  paths: ['/test'],
  sections: [
    {
      key: 'hero',
      title: 'Hero',
      fields: {
        title: { kind: 'text', label: 'Title', max: 80 },
        blurb: { kind: 'text', label: 'Blurb', max: 300, multiline: true, optional: true },
        titles: { kind: 'list', label: 'Rotating titles', itemLabel: 'title', min: 1, max: 3, of: { kind: 'text', label: 'Title', max: 60 } },
      },
    },
    {
      key: 'contact',
      title: 'Contact details',
      fields: {
        site: { kind: 'url', label: 'Website' },
        email: { kind: 'email', label: 'E-mail' },
        phone: { kind: 'phone', label: 'Phone' },
        latitude: { kind: 'number', label: 'Latitude', min: -85, max: 85 },
      },
    },
    {
      key: 'offer',
      title: 'Service cards',
      fields: {
        cards: {
          kind: 'list',
          label: 'Service cards',
          itemLabel: 'service card',
          min: 1,
          max: 4,
          fields: {
            title: { kind: 'text', label: 'Title', max: 60 },
            features: { kind: 'list', label: 'Features', itemLabel: 'feature', min: 0, max: 8, of: { kind: 'text', label: 'Feature', max: 80 } },
            image: { kind: 'image', label: 'Image' },
          },
        },
      },
    },
  ],
};

const card = (title: string, features: string[] = []) => ({ title, features, image: `/images/services/${title.toLowerCase()}.svg` });

const initial: ContentFields = {
  hero: { title: 'Our Services', blurb: 'What we do.', titles: ['Web', 'Mobile'] },
  contact: { site: 'https://brightwave.example', email: 'hello@brightwave.example', phone: '+1 555 010 2030', latitude: 45.5 },
  offer: { cards: [card('Web', ['Fast', 'Accessible']), card('Mobile'), card('Logo')] },
};

let latest: ContentFields = initial;

function Harness({ errors = {} }: { errors?: Record<string, string> }) {
  const [fields, setFields] = useState(initial);
  return (
    <ContentForm
      spec={spec}
      value={fields}
      errors={errors}
      onChange={(next) => {
        latest = next;
        setFields(next);
      }}
    />
  );
}

const section = (title: string) => screen.getByRole('group', { name: title });
const serviceCard = (index: number) => screen.getByRole('group', { name: `service card ${index}` });
const cardTitles = () => (latest.offer!.cards as { title: string }[]).map((entry) => entry.title);

beforeEach(() => {
  latest = initial;
});

describe(ContentForm.name, () => {
  it('shows a fieldset per section, named by its title, with a labelled control of the right type per field', () => {
    render(<Harness />);
    expect(screen.getAllByRole('group').filter((group) => group.tagName === 'FIELDSET' && group.parentElement?.closest('fieldset') === null)).toHaveLength(3);

    const hero = section('Hero');
    expect(within(hero).getByRole('textbox', { name: 'Title' })).toHaveValue('Our Services');
    expect(within(hero).getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-required', 'true');
    const blurb = within(hero).getByRole('textbox', { name: 'Blurb (optional)' });
    expect(blurb).toHaveAttribute('aria-required', 'false');
    expect(blurb.tagName).toBe('TEXTAREA');
    expect(blurb).toHaveValue('What we do.');
    expect(within(hero).getByRole('textbox', { name: 'Title 2' })).toHaveValue('Mobile');

    const contact = section('Contact details');
    expect(within(contact).getByRole('textbox', { name: 'Website' })).toHaveAttribute('type', 'url');
    expect(within(contact).getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('type', 'email');
    expect(within(contact).getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    expect(within(contact).getByRole('spinbutton', { name: 'Latitude' })).toHaveValue(45.5);

    const web = serviceCard(1);
    expect(within(web).getByRole('textbox', { name: 'Image' })).toHaveValue('/images/services/web.svg');
    expect(web.querySelector('img')).toHaveAttribute('src', '/images/services/web.svg');
    expect(within(web).getByRole('textbox', { name: 'Feature 2' })).toHaveValue('Accessible');
  });

  it('gives every control a visible label of its own', () => {
    const { container } = render(<Harness />);
    const controls = container.querySelectorAll('input, textarea');
    expect(controls.length).toBeGreaterThan(10);
    for (const control of controls) {
      const label = container.querySelector(`label[for="${control.id}"]`);
      expect(label?.textContent?.trim()).toBeTruthy();
    }
    expect(new Set([...container.querySelectorAll('[id]')].map((element) => element.id)).size).toBe(container.querySelectorAll('[id]').length);
  });

  it('keeps typed values in the fields at their paths, numbers as numbers', async () => {
    render(<Harness />);
    const title = within(serviceCard(2)).getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Apps');
    expect(cardTitles()).toEqual(['Web', 'Apps', 'Logo']);
    const latitude = screen.getByRole('spinbutton', { name: 'Latitude' });
    await userEvent.clear(latitude);
    await userEvent.type(latitude, '-12.5');
    expect(latest.contact!.latitude).toBe(-12.5);
  });

  it('adds an entry at the end of a list and moves focus into it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add service card' }));
    expect(cardTitles()).toEqual(['Web', 'Mobile', 'Logo', '']);
    expect(within(serviceCard(4)).getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect((latest.offer!.cards as unknown[])[3]).toEqual({ title: '', features: [], image: '' });
  });

  it('removes the entry whose Remove button is pressed', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove service card 2' }));
    expect(cardTitles()).toEqual(['Web', 'Logo']);
    expect(screen.queryByRole('group', { name: 'service card 3' })).not.toBeInTheDocument();
  });

  it('moves an entry up and down, and focus goes with it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Move service card 3 up' }));
    expect(cardTitles()).toEqual(['Web', 'Logo', 'Mobile']);
    expect(screen.getByRole('button', { name: 'Move service card 2 up' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Move service card 1 down' }));
    expect(cardTitles()).toEqual(['Logo', 'Web', 'Mobile']);
    expect(screen.getByRole('button', { name: 'Move service card 2 down' })).toHaveFocus();
  });

  it('offers no move beyond the ends, no removal below the minimum and no entry beyond the maximum', async () => {
    render(<Harness />);
    const first = screen.getByRole('button', { name: 'Move service card 1 up' });
    expect(first).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(first);
    expect(screen.getByRole('button', { name: 'Move service card 3 down' })).toHaveAttribute('aria-disabled', 'true');
    expect(cardTitles()).toEqual(['Web', 'Mobile', 'Logo']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove title 2' }));
    const lastTitle = screen.getByRole('button', { name: 'Remove title 1' });
    expect(lastTitle).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(lastTitle);
    expect(latest.hero!.titles).toEqual(['Web']);

    const add = screen.getByRole('button', { name: 'Add service card' });
    await userEvent.click(add);
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(add);
    expect(cardTitles()).toHaveLength(4);
  });

  it('edits a list inside a list entry, its buttons naming the entry that holds it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add feature to service card 2' }));
    const feature = within(serviceCard(2)).getByRole('textbox', { name: 'Feature 1' });
    expect(feature).toHaveFocus();
    await userEvent.type(feature, 'Offline first');
    expect((latest.offer!.cards as { features: string[] }[])[1]!.features).toEqual(['Offline first']);

    await userEvent.click(screen.getByRole('button', { name: 'Move feature 2 of service card 1 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove feature 2 of service card 1' }));
    expect((latest.offer!.cards as { features: string[] }[])[0]!.features).toEqual(['Accessible']);
  });

  it('shows each error beside the field its path names, as the field’s description', () => {
    render(
      <Harness
        errors={{
          'offer.cards.1.title': 'Title is required',
          'offer.cards.0.features.1': 'Feature must be at most 80 characters',
          'hero.titles': 'Rotating titles must have from 1 to 3 entries',
          'contact.latitude': 'Latitude must be a number from -85 to 85',
        }}
      />,
    );
    const title = within(serviceCard(2)).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(within(serviceCard(1)).getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid');
    expect(within(serviceCard(1)).getByRole('textbox', { name: 'Feature 2' })).toHaveAccessibleDescription('Feature must be at most 80 characters');
    expect(screen.getByRole('spinbutton', { name: 'Latitude' })).toHaveAccessibleDescription('Latitude must be a number from -85 to 85');
    expect(screen.getByRole('group', { name: 'Rotating titles' })).toHaveAccessibleDescription('Rotating titles must have from 1 to 3 entries');
  });

  it('describes a picture field by its hint and, when refused, its error', () => {
    render(<Harness errors={{ 'offer.cards.2.image': 'Image must be a picture of the site (a path under /images/)' }} />);
    expect(within(serviceCard(3)).getByRole('textbox', { name: 'Image' })).toHaveAccessibleDescription(
      'A picture of the site: a path under /images/. Image must be a picture of the site (a path under /images/)',
    );
  });
});
