"use client";
// The inbox: one conversation per caller (texts both ways, with their calls and the messages the receptionist took),
// unread first to the eye, replies by SMS or (inside WhatsApp's 24-hour window) WhatsApp, and a done/open switch. A
// thread named in the address (?thread=…, the owner's email links there) opens at once. The conversation comes first: on a
// phone the list or the open thread fills the screen, and the requests and the sandbox's "a caller texts you" form (a
// button on a phone, open beside nothing at wider widths) come after it.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { api, ok, failureText, SessionExpiredError, type Answer } from "@/lib/platform/client/api";
import { invalidateTasks } from "@/lib/platform/client/queries/tasks";
import { invalidateThreads, threadKeys } from "@/lib/platform/client/queries/threads";
import { formatDateTime } from "@/lib/platform/format/intl";
import { Link, usePathname, useRouter } from "@/lib/platform/i18n/navigation";
import { Badge, Card, LoadError, Loading, SectionHeader } from "../ui";
import { usePhoneFormat } from "../phone";
import { useProfile } from "../session";
import { OutcomeBadge } from "./calls";
import { Tasks } from "./inbox-tasks";
import { shownActorName } from "@/lib/accounts/audit/actor";

// The sandbox's "text from a caller" form is shown in sandbox mode only, and the reply form once a thread is open.
const SandboxText = lazy(() => import("./inbox-sandbox").then((m) => ({ default: m.SandboxText })));
const ReplyForm = lazy(() => import("./inbox-reply"));

type ThreadSummary = Answer<"/api/threads">["threads"][number];
type ThreadDetail = Answer<"/api/threads/{id}">;
type ThreadText = Extract<ThreadDetail["items"][number], { kind: "text" }>;

type Filter = "open" | "done" | "all";

export function Inbox({ sandbox, initialThread }: { sandbox: boolean; initialThread: string | null }) {
  const t = useTranslations("InboxSection");
  const [filter, setFilter] = useState<Filter>("open");
  const [selected, setSelected] = useState<string | null>(initialThread);
  const router = useRouter();
  const path = usePathname();
  const query = useQuery({
    queryKey: threadKeys.list(filter),
    queryFn: () => ok(api.GET("/api/threads", { params: { query: { status: filter } } })),
    refetchInterval: 30_000,
  });
  const open = (id: string | null) => {
    setSelected(id);
    router.replace(id ? `${path}?thread=${id}` : path, { scroll: false });
  };
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className={selected ? "hidden lg:block" : undefined}>
            <Card>
              <div role="group" aria-label={t("filterLabel")} className="mb-3 flex flex-wrap gap-2">
                {(["open", "done", "all"] as const).map((f) => (
                  <button
                    key={f}
                    type="button"
                    aria-pressed={filter === f}
                    onClick={() => setFilter(f)}
                    className="min-h-11 rounded-md px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-pressed:bg-slate-900 aria-pressed:text-white"
                  >
                    {t(`filters.${f}`)}
                  </button>
                ))}
              </div>
              {query.isPending ? (
                <Loading />
              ) : query.isError ? (
                <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
              ) : query.data.threads.length === 0 ? (
                <div data-testid="inbox-empty">
                  <p className="font-medium text-slate-900">{t(`empty.${filter}`)}</p>
                  <p className="mt-1 text-sm text-slate-600">{t("emptyText")}</p>
                </div>
              ) : (
                <ThreadListView threads={query.data.threads} selected={selected} onOpen={open} />
              )}
            </Card>
          </div>
          <div className={selected ? undefined : "hidden lg:block"}>
            {selected ? (
              <ThreadView id={selected} onBack={() => open(null)} />
            ) : (
              <Card>
                <p className="text-slate-600">{t("pick")}</p>
              </Card>
            )}
          </div>
        </div>
        <Tasks />
        {sandbox && <SandboxPanel />}
      </div>
    </>
  );
}

/** The sandbox's "a caller texts you" form: behind a button on a phone, so the conversation stays on screen. */
function SandboxPanel() {
  const t = useTranslations("InboxSection");
  const [shown, setShown] = useState(false);
  const panel = useId();
  return (
    <div>
      <button
        type="button"
        className="btn-secondary lg:hidden"
        aria-expanded={shown}
        aria-controls={panel}
        onClick={() => setShown((v) => !v)}
        data-testid="sandbox-toggle"
      >
        {t("sandbox.title")}
      </button>
      <div id={panel} className={shown ? "mt-3 lg:mt-0" : "hidden lg:block"}>
        <Suspense fallback={null}>
          <SandboxText />
        </Suspense>
      </div>
    </div>
  );
}

function ThreadListView({
  threads,
  selected,
  onOpen,
}: {
  threads: ThreadSummary[];
  selected: string | null;
  onOpen: (id: string) => void;
}) {
  const t = useTranslations("InboxSection");
  const locale = useLocale();
  const { profile } = useProfile();
  const formatPhone = usePhoneFormat();
  return (
    <ul className="divide-y divide-slate-100">
      {threads.map((th) => (
        <li key={th.id} data-testid="thread">
          <button
            type="button"
            onClick={() => onOpen(th.id)}
            aria-current={selected === th.id ? "true" : undefined}
            className="flex w-full flex-col gap-1 rounded-lg px-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-700 aria-[current=true]:bg-indigo-50"
          >
            <span className="flex w-full items-center justify-between gap-2">
              <span className={`truncate ${th.unread ? "font-bold text-slate-900" : "font-medium text-slate-800"}`}>
                {th.callerName ?? formatPhone(th.callerPhone)}
              </span>
              {th.unread > 0 && (
                <Badge tone="blue" testId="thread-unread">
                  {t("unread", { count: th.unread })}
                </Badge>
              )}
            </span>
            {th.callerName && <span className="text-xs text-slate-600">{formatPhone(th.callerPhone)}</span>}
            {th.lastText && (
              <span className="line-clamp-2 text-sm text-slate-700">
                {th.lastText.direction === "out" && <span className="font-medium">{t("you")} </span>}
                {th.lastText.body || t("noText")}
              </span>
            )}
            <span className="text-xs text-slate-600">
              <time dateTime={th.lastMessageAt}>{formatDateTime(th.lastMessageAt, locale, profile?.timeZone)}</time>
              {th.status === "done" && <> · {t("statusDone")}</>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function ThreadView({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useTranslations("InboxSection");
  const locale = useLocale();
  const { profile } = useProfile();
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: threadKeys.detail(id),
    queryFn: () => ok(api.GET("/api/threads/{id}", { params: { path: { id } } })),
    // A reply on its way is followed until it is sent (or not).
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.kind === "text" && i.status === "queued") ? 2000 : 30_000),
  });
  const update = useMutation({
    mutationFn: (body: { status?: "open" | "done"; read?: true }) => ok(api.PATCH("/api/threads/{id}", { params: { path: { id } }, body })),
    onSuccess: (_, body) => {
      if (body.status) toast.success(t(body.status === "done" ? "markedHandled" : "reopened"));
      // Handling a conversation handles the requests in it.
      return body.status ? Promise.all([invalidateThreads(qc), invalidateTasks(qc)]) : invalidateThreads(qc);
    },
    onError: (e) => {
      if (!(e instanceof SessionExpiredError)) toast.error(failureText(e, t("updateFailed")));
    },
  });
  // Opening a thread reads it.
  const unread = query.data?.unread ?? 0;
  const { mutate } = update;
  useEffect(() => {
    if (unread > 0) mutate({ read: true });
  }, [unread, mutate]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [id]);

  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <Card>
        <LoadError message={t("threadLoadFailed")} onRetry={() => query.refetch()} />
        <button type="button" className="btn-secondary mt-3 lg:hidden" onClick={onBack}>
          {t("back")}
        </button>
      </Card>
    );
  const th = query.data;
  return (
    <Card testId="thread-view">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <button type="button" className="mb-2 text-sm font-semibold text-indigo-800 underline lg:hidden" onClick={onBack}>
            {t("back")}
          </button>
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {th.callerName ?? formatPhone(th.callerPhone)}
          </h2>
          {th.callerName && <p className="text-sm text-slate-600">{formatPhone(th.callerPhone)}</p>}
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={update.isPending}
          onClick={() => update.mutate({ status: th.status === "done" ? "open" : "done" })}
          data-testid="thread-status"
        >
          {th.status === "done" ? t("reopen") : t("markHandled")}
        </button>
      </div>
      <ol className="space-y-3" aria-label={t("conversation")} data-testid="thread-items">
        {th.items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            {item.kind === "text" ? (
              <TextBubble text={item} timeZone={profile?.timeZone} />
            ) : item.kind === "call" ? (
              <div className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-800">
                  <Link href={`/dashboard/calls/${item.id}`} className="text-indigo-800 underline">
                    {t("call")}
                  </Link>
                  <OutcomeBadge outcome={item.outcome} />
                  <time className="text-xs text-slate-600" dateTime={item.at}>
                    {formatDateTime(item.at, locale, profile?.timeZone)}
                  </time>
                </p>
                {item.summary && <p className="mt-1 text-slate-700">{item.summary}</p>}
              </div>
            ) : (
              <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
                <p className="font-medium text-amber-950">
                  {t("messageTaken")}{" "}
                  <time className="text-xs font-normal" dateTime={item.at}>
                    {formatDateTime(item.at, locale, profile?.timeZone)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{item.body}</p>
              </div>
            )}
          </li>
        ))}
      </ol>
      <Suspense fallback={null}>
        <ReplyForm thread={th} />
      </Suspense>
    </Card>
  );
}

function TextBubble({ text, timeZone }: { text: ThreadText; timeZone?: string }) {
  const t = useTranslations("InboxSection");
  const locale = useLocale();
  const out = text.direction === "out";
  return (
    <div className={`flex ${out ? "justify-end" : "justify-start"}`} data-testid={out ? "text-out" : "text-in"}>
      <div className={`max-w-[85%] rounded-2xl px-4 py-2 ${out ? "bg-indigo-700 text-white" : "bg-slate-100 text-slate-900"}`}>
        <p className="sr-only">{out ? t("you") : t("caller")}</p>
        <p className="whitespace-pre-wrap break-words">{text.body || t("noText")}</p>
        <p className={`mt-1 text-xs ${out ? "text-indigo-100" : "text-slate-600"}`}>
          {t(`channels.${text.channel}`)} · <time dateTime={text.at}>{formatDateTime(text.at, locale, timeZone)}</time>
          {out && (
            <>
              {" · "}
              <span data-testid="text-status">{t(`statuses.${text.status}`)}</span>
            </>
          )}
          {out && text.sentBy && (
            <>
              {" · "}
              <span data-testid="text-sent-by">{t("sentBy", { name: shownActorName(text.sentBy, t("formerMember")) })}</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
