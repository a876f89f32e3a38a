/** Calls `onLine` with each complete line a child process writes (its JSON log lines), in order. */
export function eachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffer = '';
  stream.on('data', (chunk: Buffer | string) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) onLine(line);
  });
}
