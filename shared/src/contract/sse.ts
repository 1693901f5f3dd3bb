/**
 * Splits a server-sent event stream, fed in arbitrary text chunks, into the `data:` payload of
 * each complete event. Comments (heartbeats) and events without data are skipped.
 */
export function sseDataParser(onData: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer
        .slice(0, end)
        .split('\n')
        .find((l) => l.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (line) onData(line.slice(6));
    }
  };
}
