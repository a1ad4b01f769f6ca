"use client";
// "Try your receptionist": the owner plays the caller against their own configuration. The server runs the sandbox
// conversation through the receptionist's real call handling (POST /api/receptionist/try), so the call, its bookings and
// its messages show up in Calls, Appointments and Messages like any other. The call itself is useTryCall's; the page
// only carries the opaque state back and forth.
// Speech is the browser's own: a microphone button where it can recognise speech, replies read aloud only when the
// owner turns that on (never by itself). Until the owner is ready (calendar, trial or subscription, number) the page
// lists what is missing, each with the page that does it, and Start stays off; the server refuses the same states.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { FormAlert, TextField } from "@/components/forms/fields";
import { api, ok } from "@/lib/platform/client/api";
import { tryReadinessKeys } from "@/lib/platform/client/queries/try-readiness";
import { SPEECH_LANG, type TryReadiness } from "@/lib/platform/client/receptionist";
import { suggestionsFor, type TryBusiness } from "@/lib/receptionist/simulator/suggestions";
import { canSpeak, listenOnce, recognitionConstructor, speak, stopSpeaking } from "@/lib/platform/client/speech";
import { Link } from "@/lib/platform/i18n/navigation";
import { usePhoneFormat } from "../phone";
import { useProfile } from "../session";
import { TryNotReady } from "./try-not-ready";
import { useTryCall } from "./use-try-call";
import { Card, SectionHeader } from "../ui";

export function TryReceptionist({ readiness: initialReadiness, business }: { readiness: TryReadiness; business: TryBusiness }) {
  const t = useTranslations("TrySection");
  const formatPhone = usePhoneFormat();
  const { profile } = useProfile();
  const readinessQuery = useQuery({
    queryKey: tryReadinessKeys.all,
    queryFn: () => ok(api.GET("/api/receptionist/try")),
    initialData: initialReadiness,
    // Back from the tab where a step was done: asked again on focus.
    staleTime: 10_000,
  });
  const readiness = readinessQuery.data;
  const [callerNumber, setCallerNumber] = useState("");
  const [text, setText] = useState("");
  const [speakReplies, setSpeakReplies] = useState(false);
  // Read when a reply arrives, which may be after the box was ticked or unticked.
  const speakRef = useRef(false);
  const [listening, setListening] = useState(false);
  // What the browser can do is only known after hydration (the server renders neither control).
  const [abilities, setAbilities] = useState({ mic: false, voice: false });
  const stopListening = useRef<(() => void) | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const speakId = useId();
  const callerId = useId();
  const { phase, stage, language, line, caller, turns, error, setError, callerError, clearCallerError, announcement, busy, ...call } =
    useTryCall({
      onReply: (reply, lang) => {
        if (speakRef.current) speak(reply, SPEECH_LANG[lang]);
      },
      onEnded: () => stopListening.current?.(),
    });

  useEffect(() => {
    setAbilities({ mic: recognitionConstructor() !== null, voice: canSpeak() });
    return () => {
      stopListening.current?.();
      stopSpeaking();
    };
  }, []);

  // Once the receptionist has answered, the next thing to do is to answer back: the cursor waits in the text box.
  useEffect(() => {
    if (phase === "active") inputRef.current?.focus();
  }, [phase]);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [turns]);

  const start = () => call.start(callerNumber);

  // Chips and Send stay focusable while a reply is on its way (a disabled button drops the keyboard's place): words
  // sent before the reply has come are not taken. Words the server did not take go back in the box to send again.
  const say = (words: string) => {
    if (call.say(words, setText)) setText("");
  };

  const hangUp = () => {
    stopListening.current?.();
    stopSpeaking();
    call.hangUp();
  };

  const toggleListening = () => {
    if (listening) {
      stopListening.current?.();
      return;
    }
    setError(null);
    const stop = listenOnce(SPEECH_LANG[language], {
      onText: say,
      onError: (code) => setError(code === "not-allowed" || code === "service-not-allowed" ? t("micDenied") : t("micFailed")),
      onEnd: () => {
        stopListening.current = null;
        setListening(false);
      },
    });
    if (stop) {
      stopListening.current = stop;
      setListening(true);
    }
  };

  const ready = readiness.ready;
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="try-sandbox-note">
          {t("sandboxNote")}
        </p>

        {error && <FormAlert testId="try-error">{error}</FormAlert>}

        {phase === "idle" && turns.length === 0 && !ready && <TryNotReady missing={readiness.missing} />}

        {phase === "idle" && turns.length === 0 && ready && (
          <Card>
            <p className="text-slate-700">{t("intro")}</p>
            <form
              method="post"
              className="mt-4 space-y-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (!busy) start();
              }}
            >
              <div className="max-w-sm">
                <TextField
                  id={callerId}
                  label={t("callerNumber")}
                  hint={t("callerNumberHint")}
                  error={callerError ?? undefined}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={40}
                  value={callerNumber}
                  onChange={(e) => {
                    setCallerNumber(e.target.value);
                    clearCallerError();
                  }}
                />
              </div>
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? t("starting") : t("start")}
              </button>
            </form>
          </Card>
        )}

        {(phase !== "idle" || turns.length > 0) && (
          <Card
            title={phase === "active" ? t("inCall") : t("ended")}
            testId="try-call"
            actions={
              phase === "active" && (
                <button
                  type="button"
                  className="inline-flex min-h-11 items-center justify-center rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
                  disabled={busy}
                  onClick={hangUp}
                >
                  {t("hangUp")}
                </button>
              )
            }
          >
            <p className="mb-3 text-sm text-slate-600">
              {line && <span data-testid="try-line">{t("line", { line: formatPhone(line) })}</span>}
              {line && " · "}
              {caller && <span data-testid="try-caller">{t("caller", { caller: formatPhone(caller) })}</span>}
              {caller && " · "}
              {t("callLanguage", { language: t(`languages.${language}`) })}
            </p>
            <div
              ref={logRef}
              role="region"
              aria-label={t("transcriptLabel")}
              tabIndex={0}
              className="max-h-[28rem] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-3 focus-visible:outline-2 focus-visible:outline-indigo-700"
            >
              <ol className="space-y-3" data-testid="try-transcript">
                {turns.map((turn) => (
                  <li
                    key={turn.id}
                    className={`flex ${turn.who === "caller" ? "justify-end" : "justify-start"}`}
                    data-testid="try-turn"
                    data-speaker={turn.who}
                  >
                    <div
                      className={`max-w-[85%] rounded-2xl px-4 py-2 ${turn.who === "caller" ? "bg-indigo-700 text-white" : "bg-white text-slate-900 shadow-sm"}`}
                    >
                      <p className={`text-xs font-semibold ${turn.who === "caller" ? "text-indigo-100" : "text-slate-700"}`}>
                        {turn.who === "caller" ? t("you") : t("receptionist")}
                        <span className="sr-only">:</span>
                      </p>
                      <p className="whitespace-pre-wrap break-words" lang={language}>
                        {turn.text}
                      </p>
                    </div>
                  </li>
                ))}
                {busy && phase === "active" && (
                  <li className="text-sm italic text-slate-600" data-testid="try-answering">
                    {t("answering")}
                  </li>
                )}
              </ol>
            </div>
            {/* New replies are read out by screen readers; the caller's own words are not repeated to them. */}
            <p className="sr-only" aria-live="polite" data-testid="try-announcement">
              {announcement}
            </p>

            {phase === "active" && (
              <div className="mt-4 space-y-4">
                <div role="group" aria-label={t("suggestions")}>
                  <p className="mb-2 text-sm font-medium text-slate-700" aria-hidden="true">
                    {t("suggestions")}
                  </p>
                  <ul className="flex flex-wrap gap-2">
                    {suggestionsFor(language, String(stage ?? "intent"), { ...business, type: profile?.businessType ?? business.type }).map(
                      (phrase) => (
                        <li key={phrase}>
                          <button
                            type="button"
                            lang={language}
                            aria-disabled={busy || undefined}
                            onClick={() => say(phrase)}
                            data-testid="try-chip"
                            className="inline-flex min-h-11 items-center rounded-full border border-indigo-300 bg-white px-4 text-sm font-medium text-indigo-900 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-disabled:opacity-60"
                          >
                            {phrase}
                          </button>
                        </li>
                      ),
                    )}
                  </ul>
                </div>
                <form
                  method="post"
                  className="flex flex-wrap items-end gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    say(text);
                  }}
                >
                  <div className="min-w-48 flex-1">
                    <label htmlFor={inputId} className="field-label">
                      {t("yourWords")}
                    </label>
                    <input
                      ref={inputRef}
                      id={inputId}
                      className="field-input"
                      autoComplete="off"
                      lang={language}
                      maxLength={500}
                      placeholder={t("placeholder")}
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                    />
                  </div>
                  <button type="submit" className="btn-primary aria-disabled:opacity-60" aria-disabled={busy || undefined}>
                    {t("send")}
                  </button>
                  {abilities.mic && (
                    <button
                      type="button"
                      className="btn-secondary"
                      aria-pressed={listening}
                      disabled={busy && !listening}
                      onClick={toggleListening}
                      data-testid="try-mic"
                    >
                      <svg
                        aria-hidden="true"
                        width="18"
                        height="18"
                        viewBox="0 0 24 24"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        className="mr-2"
                      >
                        <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3" />
                      </svg>
                      {listening ? t("listening") : t("speak")}
                    </button>
                  )}
                </form>
              </div>
            )}

            {abilities.voice && phase !== "ended" && (
              <div className="mt-4 flex items-start gap-3">
                <input
                  id={speakId}
                  type="checkbox"
                  className="mt-1 size-5 accent-indigo-700"
                  checked={speakReplies}
                  aria-describedby={`${speakId}-hint`}
                  onChange={(e) => {
                    setSpeakReplies(e.target.checked);
                    speakRef.current = e.target.checked;
                    if (!e.target.checked) stopSpeaking();
                  }}
                />
                <div>
                  <label htmlFor={speakId} className="font-medium text-slate-900">
                    {t("speakReplies")}
                  </label>
                  <p id={`${speakId}-hint`} className="text-sm text-slate-600">
                    {t("speakRepliesHint")}
                  </p>
                </div>
              </div>
            )}

            {phase === "ended" && (
              <div className="mt-4 space-y-3" data-testid="try-ended">
                <p className="text-slate-700">{t("endedText")}</p>
                <ul className="flex flex-wrap gap-2">
                  <li>
                    <Link href="/dashboard/calls" className="btn-secondary">
                      {t("openCalls")}
                    </Link>
                  </li>
                  <li>
                    <Link href="/dashboard/appointments" className="btn-secondary">
                      {t("openAppointments")}
                    </Link>
                  </li>
                  <li>
                    <Link href="/dashboard/outbox" className="btn-secondary">
                      {t("openMessages")}
                    </Link>
                  </li>
                </ul>
                <button type="button" className="btn-primary" disabled={busy || !ready} onClick={start}>
                  {busy ? t("starting") : t("again")}
                </button>
              </div>
            )}
          </Card>
        )}
      </div>
    </>
  );
}
