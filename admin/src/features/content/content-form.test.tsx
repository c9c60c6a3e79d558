import { richDoc, richParagraph, type ContentFields, type ContentPageSpec } from '@brightwave/common';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store';
import { ContentForm } from './content-form';
import { withValueAt } from './content-values';

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

function Harness({ errors = {}, page = spec, start = initial }: { errors?: Record<string, string>; page?: ContentPageSpec; start?: ContentFields }) {
  const [fields, setFields] = useState(start);
  // A picture field uploads through the API slice.
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <ContentForm
        spec={page}
        value={fields}
        errors={errors}
        onChange={(next) => {
          latest = next;
          setFields(next);
        }}
      />
    </Provider>
  );
}

const section = (title: string) => screen.getByRole('group', { name: title });
const serviceCard = (index: number) => screen.getByRole('group', { name: `service card ${index}` });
const cardTitles = () => (latest.offer!.cards as { title: string }[]).map((entry) => entry.title);

beforeEach(() => {
  latest = initial;
});

describe(ContentForm.name, () => {
  it('folds a section to a summary line and back, leads to each from the jump list, and keeps a section with an error open', async () => {
    const { rerender } = render(<Harness />);
    const fold = screen.getByRole('button', { name: 'Fold the section Service cards' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fold);
    const offer = section('Service cards');
    expect(within(offer).getByText('3 service cards')).toBeInTheDocument();
    expect(within(offer).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Unfold the section Service cards' })).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Fold all sections' }));
    expect(within(section('Hero')).getByText('Our Services · 2 titles')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Sections of the page' })).getByRole('link', { name: 'Hero' }));
    expect(within(section('Hero')).getByRole('textbox', { name: 'Title 1' })).toBeVisible();

    // An error opens its section: the field must be there to show it and take focus.
    rerender(<Harness errors={{ 'contact.email': 'Enter a valid e-mail address' }} />);
    expect(within(section('Contact details')).getByRole('textbox', { name: 'E-mail' })).toBeVisible();
  });

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
      'A picture of the site (a path under /images/), or one uploaded here: JPEG, PNG, WebP or AVIF, at most 10 MB. Image must be a picture of the site (a path under /images/)',
    );
  });

  it('offers an upload of a JPEG, PNG, WebP or AVIF picture beside each picture field, and shows an uploaded one by its smallest file', () => {
    const uploaded = '/media/3f2504e0-4f89-41d3-9a0c-0305e82c3301-800x500';
    render(<Harness start={withValueAt(initial, 'offer.cards.0.image', uploaded)} />);
    const card = serviceCard(1);
    const upload = within(card).getByLabelText('Upload a picture');
    expect(upload).toHaveAttribute('type', 'file');
    expect(upload).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    expect(within(card).getByRole('textbox', { name: 'Image' })).toHaveValue(uploaded);
    expect(card.querySelector('img')).toHaveAttribute('src', '/media/3f2504e0-4f89-41d3-9a0c-0305e82c3301/320.jpg');
    expect(within(card).getByRole('button', { name: 'Choose an uploaded picture' })).toHaveAttribute('aria-expanded', 'false');
  });
});

// Prose: a rich-text field of its own, and one in each entry of a list.
const proseSpec: ContentPageSpec = {
  key: 'prose',
  title: 'Prose page',
  paths: ['/prose'],
  sections: [
    {
      key: 'story',
      title: 'Our story',
      fields: {
        body: { kind: 'rich', label: 'Text', max: 400 },
        notes: { kind: 'list', label: 'Notes', itemLabel: 'note', min: 1, max: 3, fields: { body: { kind: 'rich', label: 'Note text', max: 200 } } },
      },
    },
  ],
};
const prose = (...paragraphs: string[]) => richDoc(...paragraphs.map((text) => richParagraph(text)));
const proseStart: ContentFields = { story: { body: prose('We build software.'), notes: [{ body: prose('First note.') }, { body: prose('Second note.') }] } };

const storyBody = () => latest.story?.body;

/** The editable area of a rich-text field, once its chunk has loaded. */
const editable = (name: string) => screen.findByRole('textbox', { name });

/** Selects the whole text of a rich-text field with the keyboard (jsdom has no layout for a click to place the cursor). */
async function selectAllOf(name: string) {
  const area = await editable(name);
  act(() => area.focus());
  await userEvent.keyboard('{Control>}a{/Control}');
}

describe(`${ContentForm.name}: prose`, () => {
  // jsdom lays nothing out; ProseMirror asks where the selection is (to scroll it into view) and what is at a point.
  beforeAll(() => {
    const nowhere = { x: 0, y: 0, left: 0, right: 0, top: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
    // An element's rectangles: none, as jsdom has no layout.
    Range.prototype.getClientRects = () => document.body.getClientRects();
    Range.prototype.getBoundingClientRect = () => nowhere;
    document.elementFromPoint = () => null;
  });

  it('edits prose in a multi-line text box named by its label, under a toolbar of named buttons', async () => {
    render(<Harness page={proseSpec} start={proseStart} />);
    const body = await editable('Text');
    expect(body).toHaveAttribute('aria-multiline', 'true');
    expect(body).toHaveAttribute('aria-required', 'true');
    expect(body).toHaveTextContent('We build software.');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of Text' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Bold', 'Italic', 'Heading 2', 'Heading 3', 'Bullet list', 'Numbered list', 'Link', 'Remove link', 'Undo', 'Redo']);
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(toolbar).getByRole('button', { name: 'Link' })).not.toHaveAttribute('aria-pressed');
    expect(within(toolbar).getByRole('button', { name: 'Remove link' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(toolbar).getByRole('button', { name: 'Undo' })).toHaveAttribute('aria-disabled', 'true');
    // One tab stop: the arrow keys move between the buttons.
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((button) => button.tabIndex === 0),
    ).toHaveLength(1);
  });

  it('makes the selected words bold with the toolbar, the field holding the editor’s document', async () => {
    render(<Harness page={proseSpec} start={proseStart} />);
    await selectAllOf('Text');
    const bold = screen.getByRole('toolbar', { name: 'Formatting of Text' }).querySelector('[aria-label="Bold"]')!;
    await userEvent.click(bold);
    expect(storyBody()).toEqual(richDoc(richParagraph({ type: 'text', text: 'We build software.', marks: [{ type: 'bold' }] })));
    expect(bold).toHaveAttribute('aria-pressed', 'true');
  });

  it('links the selected words to an address asked in a dialog, refusing one the site would refuse', async () => {
    const submitted = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submitted}>
        <Harness page={proseSpec} start={proseStart} />
      </form>,
    );
    await selectAllOf('Text');
    await userEvent.click(screen.getByRole('toolbar', { name: 'Formatting of Text' }).querySelector('[aria-label="Link"]')!);
    const dialog = screen.getByRole('dialog', { name: 'Add link' });
    const address = within(dialog).getByRole('textbox', { name: 'Address' });
    expect(address).toHaveFocus();
    for (const unsafe of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example', '/\\evil.example']) {
      await userEvent.clear(address);
      await userEvent.type(address, unsafe.replace(/[{[]/g, '$&$&'));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save link' }));
      expect(address).toHaveAttribute('aria-invalid', 'true');
      expect(address).toHaveAccessibleDescription(expect.stringMatching(/^Enter a web address/));
    }
    await userEvent.clear(address);
    await userEvent.type(address, 'https://brightwave.example/contact{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const link = { type: 'link' as const, attrs: { href: 'https://brightwave.example/contact', target: null, rel: null, class: null, title: null } };
    expect(storyBody()).toEqual(richDoc(richParagraph({ type: 'text', text: 'We build software.', marks: [link] })));
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.getByRole('toolbar', { name: 'Formatting of Text' }).querySelector('[aria-label="Remove link"]')).not.toHaveAttribute('aria-disabled');
  });

  it('keeps what is pasted to what the site shows: lists numbered with digits, no heading inside a list, safe links only', async () => {
    render(<Harness page={proseSpec} start={proseStart} />);
    await selectAllOf('Text');
    await userEvent.paste('e. Plan\nf. Build');
    expect(storyBody()).toEqual({
      type: 'doc',
      content: [
        {
          type: 'orderedList',
          attrs: { start: 5, type: null },
          content: ['Plan', 'Build'].map((text) => ({ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })),
        },
      ],
    });

    await selectAllOf('Text');
    const html = '<ul><li><p>Plan</p><h2>Build</h2></li></ul><p><a href="javascript:alert(1)">Call</a> <a href="tel:+15550100">us</a></p>';
    // jsdom has no DataTransfer: what ProseMirror reads of one, on the paste event itself.
    const clipboardData = { types: ['text/html'], getData: (type: string) => (type === 'text/html' ? html : ''), items: [], files: [] };
    fireEvent.paste(await editable('Text'), { clipboardData });
    expect(storyBody()).toEqual({
      type: 'doc',
      content: [
        {
          type: 'bulletList',
          content: [{ type: 'listItem', content: ['Plan', 'Build'].map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) }],
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Call ' },
            { type: 'text', text: 'us', marks: [{ type: 'link', attrs: { href: 'tel:+15550100', target: null, rel: null, class: null, title: null } }] },
          ],
        },
      ],
    });
  });

  it('describes the editable area by its error, as soon as there is one', async () => {
    const { rerender } = render(<Harness page={proseSpec} start={proseStart} />);
    expect(await editable('Text')).not.toHaveAttribute('aria-invalid');
    rerender(<Harness page={proseSpec} start={proseStart} errors={{ 'story.body': 'Text is required' }} />);
    const body = await editable('Text');
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription('Text is required');
    expect(body).toHaveAttribute('id', 'content-story-body');
    for (const note of await screen.findAllByRole('textbox', { name: 'Note text' })) expect(note).not.toHaveAttribute('aria-invalid');
  });

  it('shows each entry’s document in its place when the entries move', async () => {
    render(<Harness page={proseSpec} start={proseStart} />);
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Note text' })).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Move note 2 up' }));
    const notes = screen.getAllByRole('textbox', { name: 'Note text' });
    expect(notes.map((note) => note.textContent)).toEqual(['Second note.', 'First note.']);
    expect((latest.story!.notes as { body: unknown }[]).map((note) => note.body)).toEqual([prose('Second note.'), prose('First note.')]);
  });
});
