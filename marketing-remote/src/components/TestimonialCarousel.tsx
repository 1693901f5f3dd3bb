import { useCallback, useEffect, useRef, useState } from 'react';

export interface Testimonial {
  quote: string;
  name: string;
  place: string;
}

/** Each step scrolls by one card width plus the 32 px gap, so every step lands a card exactly at the start. */
export const CARD_GAP_PX = 32;

export function TestimonialCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const track = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ index: 0, atStart: true, atEnd: testimonials.length <= 1 });

  const step = () => ((track.current?.firstElementChild as HTMLElement | null)?.offsetWidth ?? 0) + CARD_GAP_PX;

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    const width = step();
    setPosition({
      index: width > CARD_GAP_PX ? Math.min(testimonials.length - 1, Math.round(el.scrollLeft / width)) : 0,
      atStart: el.scrollLeft <= 1,
      atEnd: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1,
    });
  }, [testimonials.length]);

  // Also where the track is as the app takes the page over: it scrolls before (host/public/start.js).
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * step(), behavior: 'smooth' });

  return (
    <section className="carousel" aria-roledescription="carousel" aria-labelledby="testimonials-heading">
      <div className="carousel__header">
        <h2 id="testimonials-heading">What our subscribers say</h2>
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            data-carousel-step={-1}
            onClick={() => scroll(-1)}
            disabled={position.atStart}
            aria-label="Previous testimonial"
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel__button"
            data-carousel-step={1}
            onClick={() => scroll(1)}
            disabled={position.atEnd}
            aria-label="Next testimonial"
          >
            ›
          </button>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        Testimonial {position.index + 1} of {testimonials.length}
      </p>
      {/* Focusable so keyboard users can scroll it with the arrow keys, like any scroll area. */}
      <div
        className="carousel__track"
        ref={track}
        onScroll={measure}
        tabIndex={0}
        role="group"
        aria-label="Testimonials, scroll sideways for more"
      >
        {testimonials.map((t, i) => (
          <div
            key={t.name}
            className="carousel__card"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${testimonials.length}`}
          >
            <blockquote>
              <p>“{t.quote}”</p>
              <footer>
                <strong>{t.name}</strong>, {t.place}
              </footer>
            </blockquote>
          </div>
        ))}
      </div>
    </section>
  );
}
