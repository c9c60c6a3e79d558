// Ctrl/⌘K opens the command palette, except where a person types.
import { isPaletteShortcut } from './command-palette-shortcut';

function keyOn(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  let seen: KeyboardEvent | undefined;
  target.addEventListener('keydown', (event) => (seen = event), { once: true });
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
  if (!seen) throw new Error('no keydown');
  return seen;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  document.body.append(created);
  return created;
}

afterEach(() => document.body.replaceChildren());

describe('isPaletteShortcut', () => {
  it('is Ctrl+K and ⌘K, in either case, on the page or a button', () => {
    expect(isPaletteShortcut(keyOn(document.body, { key: 'k', ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(keyOn(element('button'), { key: 'K', metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(keyOn(element('input', { type: 'checkbox' }), { key: 'k', ctrlKey: true }))).toBe(true);
  });

  it('is not K alone, nor with Alt or Shift too', () => {
    expect(isPaletteShortcut(keyOn(document.body, { key: 'k' }))).toBe(false);
    expect(isPaletteShortcut(keyOn(document.body, { key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteShortcut(keyOn(document.body, { key: 'K', ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it('is off while typing: in a text field, a text area, a select or an editable area', () => {
    for (const target of [
      element('input'),
      element('input', { type: 'search' }),
      element('textarea'),
      element('select'),
      element('div', { contenteditable: 'true' }),
    ]) {
      expect(isPaletteShortcut(keyOn(target, { key: 'k', ctrlKey: true }))).toBe(false);
    }
  });
});
