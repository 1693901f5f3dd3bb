import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a file under root as a deployment would, with a later modification time than the
 * last one even within the same millisecond (the server reads a file again when it changed).
 */
export function deployedFileWriter(root: () => string) {
  return (file: string, content: string) => {
    const target = path.join(root(), file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    const later = new Date(Date.now() + Math.random() * 1000 + 1000);
    fs.utimesSync(target, later, later);
  };
}
