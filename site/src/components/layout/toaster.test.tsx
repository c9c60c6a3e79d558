import { render, screen } from '@testing-library/react';
import { TOAST_LIMIT } from '@brightwave/common';
import { notify } from '../../lib/notify';
import { Toaster } from './toaster';

describe(Toaster.name, () => {
  it('shows at most TOAST_LIMIT toasts at once; the others wait their turn', async () => {
    render(<Toaster />);
    for (let index = 1; index <= TOAST_LIMIT + 2; index += 1) notify('error', `Failure ${index}`);
    expect(await screen.findByText(`Failure ${TOAST_LIMIT}`)).toBeInTheDocument();
    expect(screen.getByText('Failure 1')).toBeInTheDocument();
    expect(screen.queryByText(`Failure ${TOAST_LIMIT + 1}`)).not.toBeInTheDocument();
    expect(screen.queryByText(`Failure ${TOAST_LIMIT + 2}`)).not.toBeInTheDocument();
  });
});
