import { formatTotal, MATCH_COUNT_LIMIT, notesForStaff } from './deliveries';

describe('formatTotal', () => {
  it('says an exact count with thousands separators', () => {
    expect(formatTotal(3, true)).toBe('3');
    expect(formatTotal(MATCH_COUNT_LIMIT, true)).toBe('1,000');
    expect(formatTotal(100_000, false)).toBe('100,000');
  });

  it("says '1,000+' once a narrowed view's count went past its limit", () => {
    expect(formatTotal(MATCH_COUNT_LIMIT + 1, true)).toBe('1,000+');
  });
});

describe('notes for staff', () => {
  it("put a gift's sender and card message before the delivery notes", () => {
    expect(notesForStaff({ deliveryNotes: 'Ring twice.', buyerName: 'Tom Nguyen', giftMessage: 'Happy birthday, Mom!' })).toBe(
      'Gift from Tom Nguyen. Card: “Happy birthday, Mom!” Ring twice.',
    );
    expect(notesForStaff({ deliveryNotes: '', buyerName: 'Tom Nguyen', giftMessage: '' })).toBe('Gift from Tom Nguyen.');
    expect(notesForStaff({ deliveryNotes: 'Side door', buyerName: '', giftMessage: '' })).toBe('Side door');
  });
});
