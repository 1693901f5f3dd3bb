import { act, renderHook } from '@testing-library/react';
import { useSelection } from './use-selection';

function renderSelection(selectable: string[], reset: unknown = 'October') {
  return renderHook(({ ids, key }) => useSelection(ids, [key]), { initialProps: { ids: selectable, key: reset } });
}

describe('the ticked rows', () => {
  it('ticks and unticks one row at a time', () => {
    const { result } = renderSelection(['a', 'b']);
    act(() => result.current.toggle('a'));
    expect([...result.current.selected]).toEqual(['a']);
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('a'));
    expect([...result.current.selected]).toEqual(['b']);
    expect(result.current.allSelected).toBe(false);
  });

  it('ticks every selectable row with "all", and none when all already are', () => {
    const { result } = renderSelection(['a', 'b', 'c']);
    act(() => result.current.toggle('b'));
    act(() => result.current.toggleAll());
    expect([...result.current.selected].sort()).toEqual(['a', 'b', 'c']);
    expect(result.current.allSelected).toBe(true);
    act(() => result.current.toggleAll());
    expect(result.current.selected.size).toBe(0);
  });

  it('never counts as all ticked when nothing can be ticked', () => {
    const { result } = renderSelection([]);
    expect(result.current.allSelected).toBe(false);
  });

  it('forgets every tick when another month or filter shows other rows, and not on a mere new render', () => {
    const { result, rerender } = renderSelection(['a', 'b']);
    act(() => result.current.toggleAll());
    rerender({ ids: ['a', 'b'], key: 'October' });
    expect(result.current.selected.size).toBe(2);
    rerender({ ids: ['a', 'b'], key: 'November' });
    expect(result.current.selected.size).toBe(0);
  });

  it('is emptied by clear, as after the ticked rows were assigned', () => {
    const { result } = renderSelection(['a', 'b']);
    act(() => result.current.toggleAll());
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });
});
