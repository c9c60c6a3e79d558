/** Whether the focus is where a person types: there the keys are theirs, not the shortcuts'. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // The rich-text editor's area (jsdom has no isContentEditable, hence the attribute too).
  if (target.isContentEditable || target.closest('[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  // Checkboxes, radios and buttons take no text.
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/** Ctrl+K (⌘K on a Mac) opens the command palette, except while typing in a field. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && !event.repeat && !isTyping(event.target);
}

/** The shortcut as the keyboard in front of the admin labels it. */
export function paletteShortcutLabel(): string {
  return /mac|iphone|ipad/i.test(navigator.userAgent) ? '⌘K' : 'Ctrl K';
}
