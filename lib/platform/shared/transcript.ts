// A call's transcript as the voice platform writes it, read into the turns of the dialogue: the server keeps them in
// the call log, the call's page shows them.

export type TranscriptLine = { speaker: "receptionist" | "caller" | null; text: string };

const SPEAKER = /^(AI|Assistant|Bot|Agent|User|Customer|Caller)\s*:\s*/i;
// Vapi's transcript usually has one turn per line, but some reports run the turns together on one line
// ("AI: Hello. User: I'd like an appointment."): a speaker tag after a sentence's end starts a new turn too.
const INLINE_TURN = /(?<=[.!?…])\s+(?=(?:AI|Assistant|Bot|Agent|User|Customer|Caller)\s*:\s)/i;

/** "AI: …\nUser: …" → the turns of the dialogue; text with no speaker tag continues the turn before it. */
export function parseTranscript(transcript: string): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const raw of transcript.split(/\r?\n/).flatMap((l) => l.split(INLINE_TURN))) {
    const line = raw.trim();
    if (!line) continue;
    const m = SPEAKER.exec(line);
    if (m) {
      const caller = /^(user|customer|caller)$/i.test(m[1]!);
      lines.push({ speaker: caller ? "caller" : "receptionist", text: line.slice(m[0].length) });
    } else if (lines.length > 0) {
      lines[lines.length - 1]!.text += ` ${line}`;
    } else {
      lines.push({ speaker: null, text: line });
    }
  }
  return lines;
}
