import { placeAt, previewOrder } from './use-drag-reorder';

describe('the order shown while a stop is dragged', () => {
  const stops = ['Ana', 'Ben', 'Cy', 'Di'];

  it('moves the dragged stop to the place it is over, down or up', () => {
    expect(previewOrder(stops, { from: 0, over: 2 })).toEqual(['Ben', 'Cy', 'Ana', 'Di']);
    expect(previewOrder(stops, { from: 3, over: 0 })).toEqual(['Di', 'Ana', 'Ben', 'Cy']);
  });

  it('is the list as it was when nothing is dragged or the stop is over its own place', () => {
    expect(previewOrder(stops, null)).toEqual(stops);
    expect(previewOrder(stops, { from: 1, over: 1 })).toEqual(stops);
    expect(stops).toEqual(['Ana', 'Ben', 'Cy', 'Di']);
  });
});

describe('the place a dragged stop drops into', () => {
  // A tall card (notes, a photo) above a short one, 16 px apart, as on a phone.
  const slots = [
    { top: 82, bottom: 398 },
    { top: 414, bottom: 644 },
  ];

  it('is the place whose card the pointer is over, as the list was when the drag began', () => {
    expect(placeAt(slots, 395)).toBe(0);
    expect(placeAt(slots, 500)).toBe(1);
  });

  it('stays put when the shorter card, dragged up, leaves the pointer over the taller one shown below it', () => {
    // The short card dragged into the tall one's place is drawn at 82-312, the tall one at 328-644:
    // the pointer at 386 is over the tall card's drawing, but still in the place the short one took.
    expect(placeAt(slots, 386)).toBe(0);
  });

  it('is the first place above the list, the last below it, and no change in a gap', () => {
    expect(placeAt(slots, 10)).toBe(0);
    expect(placeAt(slots, 900)).toBe(1);
    expect(placeAt(slots, 406)).toBeNull();
    expect(placeAt([], 100)).toBeNull();
  });
});
