"use client";
// One test call from the Try page: its turns, its state carried to and from POST /api/receptionist/try, and the end of
// the call when the page is left (the tab closed, another page opened), so none stays "in progress" in the call log.
// The page around it keeps what is the browser's own: the text box, the microphone and the voice.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ApiError, api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { invalidateTryReadiness } from "@/lib/platform/client/queries/try-readiness";
import type { CallLanguage, TryState, TryTurn } from "@/lib/platform/client/receptionist";

export type Turn = { id: number; who: "receptionist" | "caller"; text: string };
export type Phase = "idle" | "active" | "ended";
type TryRequest =
  { action: "start"; callerNumber?: string } | { action: "say"; state: TryState; text: string } | { action: "end"; state: TryState };

const TRY_URL = "/api/receptionist/try";

/**
 * Ends a call from a page being left: a keepalive request outlives the page, with the session cookie and the page's
 * Origin as any same-origin post. Where keepalive is missing, a beacon.
 */
function endCallBeacon(state: TryState): void {
  const body = JSON.stringify({ action: "end", state });
  try {
    void fetch(TRY_URL, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body,
    }).catch(() => undefined);
  } catch {
    try {
      navigator.sendBeacon(TRY_URL, new Blob([body], { type: "application/json" }));
    } catch {
      // Nothing more to do while the page goes away: the abandoned-call sweep ends it within the hour.
    }
  }
}

/**
 * `onReply` hears each reply of the receptionist (the page may read it aloud); `onEnded` runs when the receptionist
 * ends the call (the page stops listening).
 */
export function useTryCall(o: { onReply: (reply: string, language: CallLanguage) => void; onEnded: () => void }) {
  const t = useTranslations("TrySection");
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>("idle");
  const [callState, setCallState] = useState<TryState | null>(null);
  const [language, setLanguage] = useState<CallLanguage>("en");
  const [line, setLine] = useState<string | null>(null);
  const [caller, setCaller] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [callerError, setCallerError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const nextId = useRef(0);
  // The call to end if the page is left: the latest state of a call in progress, else null.
  const liveCall = useRef<TryState | null>(null);

  useEffect(() => {
    liveCall.current = phase === "active" ? callState : null;
  }, [phase, callState]);

  // Closing the tab, reloading, following an outside link (pagehide), or leaving for another dashboard page (unmount).
  useEffect(() => {
    const leave = () => {
      const state = liveCall.current;
      liveCall.current = null;
      if (state) endCallBeacon(state);
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);

  const call = useMutation({
    mutationFn: (body: TryRequest) => ok(api.POST("/api/receptionist/try", { body })),
  });

  const addTurn = (who: Turn["who"], words: string) => {
    const id = nextId.current++;
    setTurns((all) => [...all, { id, who, text: words }]);
    return id;
  };

  const receive = (turn: TryTurn, lang: CallLanguage) => {
    setCallState(turn.state);
    if (turn.reply) {
      addTurn("receptionist", turn.reply);
      setAnnouncement(t("announceReply", { reply: turn.reply }));
      o.onReply(turn.reply, lang);
    }
    if (turn.ended) {
      setPhase("ended");
      o.onEnded();
    }
  };

  /** Calls the owner's line, from the number the owner typed (read in the business's country) or a fictional one. */
  const start = (callerNumber: string) => {
    setError(null);
    setCallerError(null);
    const typed = callerNumber.trim();
    call.mutate(typed ? { action: "start", callerNumber: typed } : { action: "start" }, {
      onSuccess: (turn) => {
        const lang = turn.language ?? "en";
        setTurns([]);
        setLanguage(lang);
        setLine(turn.line ?? null);
        setCaller(turn.caller ?? null);
        setPhase("active");
        receive(turn, lang);
      },
      onError: (e) => {
        if (e instanceof SessionExpiredError) return;
        // Not ready after all (a step undone in another tab): the list of steps is brought up to date.
        if (e instanceof ApiError && e.status === 409) void invalidateTryReadiness(queryClient);
        if (e instanceof ApiError && e.status === 400 && typed) setCallerError(failureText(e, t("startFailed")));
        else setError(failureText(e, t("startFailed")));
      },
    });
  };

  /**
   * The caller's words; false when they are not taken (nothing said, no call, or a reply still on its way). Words the
   * server did not take go to `onUnsaid`, to be sent again.
   */
  const say = (words: string, onUnsaid: (words: string) => void): boolean => {
    const trimmed = words.trim();
    if (!trimmed || !callState || phase !== "active" || call.isPending) return false;
    setError(null);
    const id = addTurn("caller", trimmed);
    call.mutate(
      { action: "say", state: callState, text: trimmed },
      {
        onSuccess: (turn) => receive(turn, turn.language ?? language),
        onError: (e) => {
          if (e instanceof SessionExpiredError) return;
          setTurns((all) => all.filter((turn) => turn.id !== id));
          onUnsaid(trimmed);
          setError(failureText(e, t("sendFailed")));
        },
      },
    );
    return true;
  };

  const hangUp = () => {
    if (!callState) return;
    setError(null);
    call.mutate(
      { action: "end", state: callState },
      {
        onSuccess: (turn) => {
          setCallState(turn.state);
          setPhase("ended");
          setAnnouncement(t("ended"));
        },
        onError: (e) => {
          if (!(e instanceof SessionExpiredError)) setError(failureText(e, t("hangUpFailed")));
        },
      },
    );
  };

  return {
    phase,
    stage: callState?.stage,
    language,
    line,
    caller,
    turns,
    error,
    setError,
    callerError,
    clearCallerError: () => setCallerError(null),
    announcement,
    busy: call.isPending,
    start,
    say,
    hangUp,
  };
}
