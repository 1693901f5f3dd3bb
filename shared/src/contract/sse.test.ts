import { sseDataParser } from './sse';

it('yields the data of each complete event, across chunk boundaries, skipping comments', () => {
  const seen: string[] = [];
  const feed = sseDataParser((data) => seen.push(data));
  feed(': connected\n\ndata: {"a"');
  expect(seen).toEqual([]);
  feed(':1}\n\n: heartbeat\n\ndata: two\n');
  expect(seen).toEqual(['{"a":1}']);
  feed('\n');
  expect(seen).toEqual(['{"a":1}', 'two']);
});
