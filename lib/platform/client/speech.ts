// The browser's own speech: recognition (Chrome and Safari, prefixed as webkitSpeechRecognition) for the microphone
// button, synthesis for reading replies aloud. TypeScript's DOM types have no SpeechRecognition: the little we use is
// typed here.

type RecognitionEvent = { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> };
type RecognitionErrorEvent = { error: string };

export type Recognition = {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((e: RecognitionEvent) => void) | null;
  onerror: ((e: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};

type RecognitionConstructor = new () => Recognition;

export function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * Listens for one utterance in `lang` ("fr-FR"): `onText` gets the final words (nothing when the user said nothing),
 * `onError` the engine's code ("not-allowed" when the microphone was refused). Returns a stop function.
 */
export function listenOnce(
  lang: string,
  on: { onText: (text: string) => void; onError: (code: string) => void; onEnd: () => void },
): (() => void) | null {
  const Ctor = recognitionConstructor();
  if (!Ctor) return null;
  const rec = new Ctor();
  rec.lang = lang;
  rec.interimResults = false;
  rec.continuous = false;
  rec.maxAlternatives = 1;
  rec.onresult = (e) => {
    const text = Array.from(e.results)
      .filter((r) => r.isFinal)
      .map((r) => r[0]?.transcript ?? "")
      .join(" ")
      .trim();
    if (text) on.onText(text);
  };
  // "no-speech" and "aborted" are silence or our own stop, not failures worth a message.
  rec.onerror = (e) => {
    if (e.error !== "no-speech" && e.error !== "aborted") on.onError(e.error);
  };
  rec.onend = on.onEnd;
  rec.start();
  return () => rec.stop();
}

export function canSpeak(): boolean {
  return typeof window !== "undefined" && "speechSynthesis" in window && typeof SpeechSynthesisUtterance !== "undefined";
}

/** Reads `text` aloud in `lang`, cutting off whatever was still being read (a new reply replaces the old one). */
export function speak(text: string, lang: string): void {
  if (!canSpeak()) return;
  window.speechSynthesis.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = lang;
  window.speechSynthesis.speak(utterance);
}

export function stopSpeaking(): void {
  if (canSpeak()) window.speechSynthesis.cancel();
}
