/** The logging services need: pino's shape, so the server's logger is passed as it is. */
export interface Logger {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  /** drizzle's DrizzleQueryError: the SQL text (placeholders only) and the values bound to it. */
  query?: unknown;
  cause?: unknown;
}

/**
 * An error as it may be logged: its kind, code and where it happened, never the data it was
 * about. Database errors carry the values written (drizzle puts them in the message, PostgreSQL
 * in `detail`), payment errors the request: all of that is left out, so logs hold no
 * customer's e-mail, phone or address.
 */
export function loggableError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const e = error as ErrorLike;
  const isQueryError = typeof e.query === 'string';
  // drizzle's message is "Failed query: <sql>\nparams: <values>": keep the SQL.
  const message = isQueryError ? `Failed query: ${e.query}` : (e.message ?? '');
  const frames = (e.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  return {
    type: e.name ?? 'Error',
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(e.cause ? { cause: loggableError(e.cause) } : {}),
    stack: [`${e.name ?? 'Error'}: ${message}`, ...frames].join('\n'),
  };
}
