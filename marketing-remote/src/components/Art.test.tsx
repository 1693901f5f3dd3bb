import { render, screen } from '@testing-library/react';
import { Art } from './Art';

jest.mock('../assets/photos', () => ({
  PHOTOS: {
    hero: {
      width: 1440,
      height: 960,
      avif: [
        ['/hero-480.avif', 480],
        ['/hero-1440.avif', 1440],
      ],
      webp: [
        ['/hero-480.webp', 480],
        ['/hero-1440.webp', 1440],
      ],
    },
  },
}));

it('shows the illustration, lazily and with its size, when there is no photo', () => {
  render(<Art src="/art/fall.svg" slot="fall-main" alt="A fall arrangement" width={600} height={600} />);
  const img = screen.getByRole('img', { name: 'A fall arrangement' });
  expect(img).toHaveAttribute('src', '/art/fall.svg');
  expect(img).toHaveAttribute('width', '600');
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(img.closest('picture')).toBeNull();
});

it("uses the owner's photo in AVIF and WebP at every width when there is one", () => {
  const { container } = render(
    <Art src="/art/hero.svg" slot="hero" alt="Our arrangement" width={640} height={640} priority sizes="50vw" />,
  );
  const sources = container.querySelectorAll('source');
  expect([...sources].map((s) => [s.type, s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual([
    ['image/avif', '/hero-480.avif 480w, /hero-1440.avif 1440w', '50vw'],
    ['image/webp', '/hero-480.webp 480w, /hero-1440.webp 1440w', '50vw'],
  ]);
  const img = screen.getByRole('img', { name: 'Our arrangement' });
  expect(img).toHaveAttribute('src', '/hero-1440.webp');
  expect(img).toHaveAttribute('width', '1440');
  expect(img).toHaveAttribute('height', '960');
  expect(img).toHaveAttribute('loading', 'eager');
});
