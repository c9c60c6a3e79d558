import { render, screen } from '@testing-library/react';
import { errorAttributes, FieldError, SelectField, TextAreaField, TextField } from './fields';

describe('a field and its error', () => {
  it('shows nothing while the field has no error, and keeps what the control says of itself', () => {
    const { container } = render(<TextField label="Endpoint URL" aria-invalid aria-describedby="url-hint" />);
    const url = screen.getByRole('textbox', { name: 'Endpoint URL' });
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAttribute('aria-describedby', 'url-hint');
    expect(container.querySelector('p')).toBeNull();
  });

  it('shows the error under the field, marks the field invalid and describes it by the error, after its own hint', () => {
    render(
      <>
        <TextField id="url" label="Endpoint URL" aria-describedby="url-hint" error="URL must be a web address" />
        <p id="url-hint">Where the events are posted.</p>
      </>,
    );
    const url = screen.getByRole('textbox', { name: 'Endpoint URL' });
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription('Where the events are posted. URL must be a web address');
    expect(screen.getByText('URL must be a web address')).toHaveAttribute('id', 'url-error');
  });

  it('ties the error to a text area and a select the same way, each keeping its accessible name', () => {
    render(
      <>
        <TextAreaField label="Description" error="Description is required" />
        <SelectField label="Role" options={[{ value: 'editor', label: 'Editor' }]} error="Role must be one of the roles" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Description is required');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription('Role must be one of the roles');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('ties a control of its own to the error by its id, announcing the error only when asked to (a check as one types)', () => {
    const { rerender } = render(
      <>
        <label htmlFor="subject">Subject</label>
        <input id="subject" {...errorAttributes('subject', 'Subject is required')} />
        <FieldError controlId="subject" error="Subject is required" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('Subject is required');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    rerender(<FieldError controlId="subject" error="Unknown placeholder {{name}}" live />);
    expect(screen.getByRole('alert')).toHaveTextContent('Unknown placeholder {{name}}');
    rerender(<FieldError controlId="subject" error={undefined} live />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
