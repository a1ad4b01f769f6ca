// Captures what the app logs during a test: a real pino logger (same redaction and scrubbing) writing into an array.
import { createLogger, setLogger } from "@/lib/platform/log/logger";

export type CapturedLogs = {
  /** Each JSON line, parsed. */
  entries(): Record<string, unknown>[];
  /** Every line as written, for "never contains" checks. */
  text(): string;
  restore(): void;
};

export function captureLogs(level = "info"): CapturedLogs {
  const lines: string[] = [];
  const restore = setLogger(createLogger({ level, destination: { write: (line: string) => void lines.push(line) } }));
  return {
    entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => lines.join(""),
    restore,
  };
}
