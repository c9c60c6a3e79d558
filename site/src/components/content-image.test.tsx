import { render, screen } from '@testing-library/react';
import { ContentImage } from './content-image';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const SIZES = '(min-width: 768px) 50vw, 100vw';

describe(ContentImage.name, () => {
  it("shows a picture of the site's own as the plain <img> it was, lazily", () => {
    const { container } = render(<ContentImage src="/images/services/web.svg" alt="Web design" width={640} height={400} sizes={SIZES} />);
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'Web design' });
    expect(img).toHaveAttribute('src', '/images/services/web.svg');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows an uploaded picture as <picture> with AVIF and WebP sources of every width, its size from its src', () => {
    const { container } = render(<ContentImage src={`/media/${ID}-1500x1000`} alt="Our team" width={640} height={400} sizes={SIZES} priority />);
    const srcset = (format: string) => [320, 640, 960, 1280, 1500].map((width) => `/media/${ID}/${width}.${format} ${width}w`).join(', ');
    const sources = [...container.querySelectorAll('picture > source')].map((source) => [
      source.getAttribute('type'),
      source.getAttribute('srcset'),
      source.getAttribute('sizes'),
    ]);
    expect(sources).toEqual([
      ['image/avif', srcset('avif'), SIZES],
      ['image/webp', srcset('webp'), SIZES],
    ]);
    const img = screen.getByRole('img', { name: 'Our team' });
    expect(img).toHaveAttribute('srcset', srcset('jpg'));
    expect(img).toHaveAttribute('src', `/media/${ID}/1500.jpg`);
    expect(img).toHaveAttribute('width', '1500');
    expect(img).toHaveAttribute('height', '1000');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('never offers a width wider than the picture, and a wide one stops at 1920', () => {
    const { container, rerender } = render(<ContentImage src={`/media/${ID}-200x100`} alt="" width={1} height={1} sizes={SIZES} />);
    expect(container.querySelector('source')).toHaveAttribute('srcset', `/media/${ID}/200.avif 200w`);
    rerender(<ContentImage src={`/media/${ID}-4000x3000`} alt="" width={1} height={1} sizes={SIZES} />);
    expect(container.querySelector('source')?.getAttribute('srcset')).toMatch(/1920\.avif 1920w$/);
  });
});
