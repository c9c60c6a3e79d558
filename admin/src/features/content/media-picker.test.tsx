/**
 * @jest-environment-options {"url": "http://127.0.0.1:29488/admin/"}
 */
// The library of uploaded pictures in a picture field: choosing one, and deleting one (or being told where it is used).
import { MEDIA_PAGE_SIZE, MESSAGES, type MediaItem } from '@brightwave/common';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { AnsweringServer, ok } from '../../../test/answering-server';
import { makeStore } from '../../app/store';
import { Toaster } from '../../app/toaster';
import { MediaPicker } from './media-picker';

const picture = (id: string, width: number, height: number): MediaItem => ({
  _id: id,
  src: `/media/${id}-${width}x${height}`,
  width,
  height,
  originalType: 'image/jpeg',
  originalBytes: 120_000,
  uploadedBy: 'editor@example.test',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const lighthouse = picture('3f2504e0-4f89-41d3-9a0c-0305e82c3301', 800, 500);
const harbour = picture('9b2f1c3e-1d2a-4b5c-8d7e-0a1b2c3d4e5f', 640, 400);
const LIBRARY = `GET /api/admin/media?page=1&limit=${MEDIA_PAGE_SIZE}`;
const uploaded = (item: MediaItem) => new Date(item.createdAt).toLocaleString();

const server = new AnsweringServer();
beforeAll(() => server.listen());
afterAll(() => server.close());
beforeEach(() => {
  server.reset({ [LIBRARY]: () => ok({ media: [lighthouse, harbour], total: 2 }) });
});

function renderPicker(onPick: (src: string) => void = () => {}) {
  render(
    <Provider store={makeStore()}>
      <MediaPicker onPick={onPick} />
      <Toaster />
    </Provider>,
  );
}

describe(MediaPicker.name, () => {
  it('uses a picture chosen from the library', async () => {
    const onPick = jest.fn();
    renderPicker(onPick);
    await userEvent.click(await screen.findByRole('button', { name: `Use the picture of 800 × 500 uploaded ${uploaded(lighthouse)}` }));
    expect(onPick).toHaveBeenCalledWith(lighthouse.src);
  });

  it('deletes a picture once confirmed, with DELETE /api/admin/media/:id, and shows the library without it', async () => {
    server.answers[`DELETE /api/admin/media/${harbour._id}`] = () => {
      server.answers[LIBRARY] = () => ok({ media: [lighthouse], total: 1 });
      return ok({ message: MESSAGES.mediaDeleted });
    };
    renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: `Delete the picture of 640 × 400 uploaded ${uploaded(harbour)}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete picture' });
    expect(dialog).toHaveAccessibleDescription(/^Delete the picture of 640 × 400 .*This cannot be undone\./);
    // Cancel is focused first: a stray Enter deletes nothing.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(server.calls.map((call) => call.route)).toEqual([LIBRARY]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGES.mediaDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Use the picture of 640 × 400/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Use the picture of 800 × 500/ })).toBeInTheDocument();
  });

  it('says where a picture is used when the server refuses to delete it (409), and keeps it in the library', async () => {
    const refusal = MESSAGES.mediaInUse('Services (published, draft)');
    server.answers[`DELETE /api/admin/media/${lighthouse._id}`] = () => ({ status: 409, body: { success: false, message: refusal } });
    renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: `Delete the picture of 800 × 500 uploaded ${uploaded(lighthouse)}` }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete picture' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Use the picture of 800 × 500/ })).toBeInTheDocument();
  });

  it('deletes nothing when the question is cancelled', async () => {
    renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: `Delete the picture of 800 × 500 uploaded ${uploaded(lighthouse)}` }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete picture' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.route.startsWith('DELETE'))).toEqual([]);
  });
});
