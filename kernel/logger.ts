import { pino, type Logger } from 'pino';

/**
 * One logger shape for every process: JSON lines on stdout, `service` naming the process.
 * Credentials, tokens, passwords and personal data are redacted wherever they appear in a logged object.
 */
const REDACT = [
  'password', '*.password', 'token', '*.token', 'accessToken', '*.accessToken', 'refreshToken', '*.refreshToken',
  'secret', '*.secret', 'email', '*.email', 'phone', '*.phone',
  'req.headers.authorization', 'req.headers["svc-auth-token"]', 'req.headers["x-auth-token"]',
  'req.headers["x-intent-token"]', 'req.headers["x-platform-principal"]', 'req.headers.cookie',
  'headers.authorization', 'headers["x-platform-principal"]',
];

/** Where log lines go: stdout, written asynchronously (a log line never blocks a request), flushed at exit. */
let stdout: pino.DestinationStream | undefined;
function defaultDestination(): pino.DestinationStream {
  if (!stdout) {
    const dest = pino.destination({ dest: 1, sync: false });
    process.on('exit', () => dest.flushSync());
    stdout = dest;
  }
  return stdout;
}

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      redact: { paths: REDACT, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? defaultDestination(),
  );
}

export type { Logger };
