import { previewOrder } from './use-drag-reorder';

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
