import { MESSAGES } from '@brightwave/common';
import { act, render, screen } from '@testing-library/react';
import { notify, Toasts } from './toasts';

describe('toasts', () => {
  it('mounts no toast container until one is wanted', () => {
    const { container } = render(<Toasts />);
    expect(container).toBeEmptyDOMElement();
  });

  it('a toast asked for before its container has loaded is shown once the container mounts', async () => {
    render(<Toasts />);
    await act(() => notify('success', MESSAGES.resendSuccess));
    expect(await screen.findByText(MESSAGES.resendSuccess)).toBeInTheDocument();
  });
});
