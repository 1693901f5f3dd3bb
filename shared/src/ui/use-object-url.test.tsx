import { renderHook } from '@testing-library/react';
import { useObjectUrl } from './use-object-url';

let made = 0;
const revoked: string[] = [];

beforeEach(() => {
  made = 0;
  revoked.length = 0;
  URL.createObjectURL = jest.fn(() => `blob:photo-${++made}`);
  URL.revokeObjectURL = jest.fn((url: string) => void revoked.push(url));
});

test('an address for the file, freed when the file changes or the page lets it go; none while another is awaited', () => {
  const first = new Blob(['a']);
  const second = new Blob(['b']);
  const { result, rerender, unmount } = renderHook(({ file }: { file: Blob | undefined }) => useObjectUrl(file), {
    initialProps: { file: first as Blob | undefined },
  });
  expect(result.current).toBe('blob:photo-1');

  // Another photo is being fetched: the freed address of the first is not handed out.
  rerender({ file: undefined });
  expect(revoked).toEqual(['blob:photo-1']);
  expect(result.current).toBeNull();

  rerender({ file: second });
  expect(result.current).toBe('blob:photo-2');
  unmount();
  expect(revoked).toEqual(['blob:photo-1', 'blob:photo-2']);
});

test('no address before any file has come', () => {
  expect(renderHook(() => useObjectUrl(undefined)).result.current).toBeNull();
  expect(URL.createObjectURL).not.toHaveBeenCalled();
});
