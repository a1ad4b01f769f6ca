"use client";
// The inbox's tasks: the requests callers left, urgent first, each done with an optional text to the caller.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { api, ok, failureText, SessionExpiredError } from "@/lib/platform/client/api";
import { invalidateTasks, taskKeys } from "@/lib/platform/client/queries/tasks";
import { formatDateTime } from "@/lib/platform/format/intl";
import { Badge, Card, LoadError, Loading } from "../ui";
import { usePhoneFormat } from "../phone";
import { useProfile } from "../session";

/** The requests callers left, as tasks: urgent first, then oldest; done with an optional text to the caller. */
export function Tasks() {
  const t = useTranslations("InboxSection.tasks");
  const locale = useLocale();
  const { profile } = useProfile();
  const formatPhone = usePhoneFormat();
  const qc = useQueryClient();
  const [showDone, setShowDone] = useState(false);
  const [tell, setTell] = useState<Record<string, boolean>>({});
  const query = useQuery({
    queryKey: taskKeys.list(showDone ? "all" : "open"),
    queryFn: () => ok(api.GET("/api/tasks", { params: { query: { status: showDone ? "all" : "open" } } })),
    refetchInterval: 60_000,
  });
  const update = useMutation({
    mutationFn: (v: { id: string; status: "open" | "done"; tellCaller?: boolean }) =>
      ok(api.PATCH("/api/tasks/{id}", { params: { path: { id: v.id } }, body: { status: v.status, tellCaller: v.tellCaller } })),
    onSuccess: (task) => {
      toast.success(t(task.status === "done" ? (task.callerToldAt ? "doneTold" : "doneOk") : "reopened"));
      return invalidateTasks(qc);
    },
    onError: (e) => {
      if (!(e instanceof SessionExpiredError)) toast.error(failureText(e, t("updateFailed")));
    },
  });
  return (
    <Card
      title={query.data?.open ? `${t("title")} · ${t("openCount", { count: query.data.open })}` : t("title")}
      testId="tasks"
      actions={
        <button type="button" className="btn-secondary" aria-pressed={showDone} onClick={() => setShowDone((s) => !s)}>
          {showDone ? t("hideDone") : t("showDone")}
        </button>
      }
    >
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : query.data.tasks.length === 0 ? (
        <p className="text-slate-600" data-testid="tasks-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {query.data.tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="task">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="gray">{t(`categories.${task.category}`)}</Badge>
                  {task.urgency === "urgent" && <Badge tone="red">{t("urgent")}</Badge>}
                  {task.status === "done" && <Badge tone="green">{t("done")}</Badge>}
                  <span className="font-semibold text-slate-900">
                    {task.callerName ?? (task.callerPhone ? formatPhone(task.callerPhone) : t("unknownCaller"))}
                  </span>
                </p>
                {task.callerName && task.callerPhone && <p className="text-sm text-slate-600">{formatPhone(task.callerPhone)}</p>}
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{task.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  <time dateTime={task.createdAt}>{formatDateTime(task.createdAt, locale, profile?.timeZone)}</time>
                  {task.callerToldAt && <> · {t("told")}</>}
                </p>
              </div>
              {task.status === "open" ? (
                <div className="flex flex-col items-end gap-2">
                  {task.callerPhone && (
                    <label className="flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="h-5 w-5"
                        checked={tell[task.id] ?? false}
                        onChange={(e) => setTell((s) => ({ ...s, [task.id]: e.target.checked }))}
                      />
                      {t("tellCaller")}
                    </label>
                  )}
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={update.isPending}
                    onClick={() => update.mutate({ id: task.id, status: "done", tellCaller: tell[task.id] ?? false })}
                  >
                    {t("markHandled")}
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ id: task.id, status: "open" })}
                >
                  {t("reopen")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
