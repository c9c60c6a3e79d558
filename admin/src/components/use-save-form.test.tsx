import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './ui/fields';
import { useSaveForm } from './use-save-form';

/** An add form as the job and portfolio dialogs use the hook, its create answering as given. */
function TitleForm({ create }: { create: () => Promise<unknown> }) {
  const { field, onSubmit } = useSaveForm({
    initial: () => ({ title: '' }),
    id: undefined,
    create: () => ({ unwrap: create }),
    update: () => ({ unwrap: create }),
    messages: { created: 'Added', updated: 'Updated', saveFailure: 'Failed to save' },
    onDone: () => undefined,
  });
  return (
    <form aria-label="Title" noValidate onSubmit={onSubmit}>
      <TextField label="Title" {...field('title')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe(useSaveForm.name, () => {
  it("shows a refusal's field errors under their fields", async () => {
    const refused = { status: 400, data: { success: false, message: 'Title is required', errors: { title: 'Title is required' } } };
    render(<TitleForm create={() => Promise.reject(refused)} />);
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Title is required');
  });
});
