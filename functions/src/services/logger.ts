/** The logging services need: pino's shape, so the server's logger is passed as it is. */
export interface Logger {
  info: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
}
