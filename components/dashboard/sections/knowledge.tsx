"use client";
// Knowledge: the answers, prices and policies the receptionist may tell callers, per call language. Listed by language,
// each editable in place or deleted; one form adds more. Above each language, how its calls reach them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { FormAlert, SelectField, TextAreaField, TextField } from "@/components/forms/fields";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { useErrorText } from "@/components/forms/use-error-text";
import { api, ok, failureText, type Answer } from "@/lib/platform/client/api";
import { invalidateKnowledge, knowledgeKeys } from "@/lib/platform/client/queries/knowledge";
import type { knowledgeEntrySchema } from "@/lib/receptionist/knowledge/knowledge.schemas";
import { Card, LoadError, Loading, SectionHeader } from "../ui";

type KnowledgeEntry = Answer<"/api/knowledge">["entries"][number];
type Kind = KnowledgeEntry["kind"];
type Language = KnowledgeEntry["language"];
type Draft = { kind: Kind; language: Language; title: string; details: string };

const KINDS: Kind[] = ["price", "policy", "faq"];
const LANGUAGES: Language[] = ["en", "fr", "es"];
const TITLE_KEY = { faq: "titleFaq", price: "titlePrice", policy: "titlePolicy" } as const;
const BODY_KEY = { faq: "bodyFaq", price: "bodyPrice", policy: "bodyPolicy" } as const;

export function Knowledge({ defaultLanguage }: { defaultLanguage: Language }) {
  const t = useTranslations("KnowledgeSection");
  const { data, isError, refetch } = useQuery({
    queryKey: knowledgeKeys.all,
    queryFn: () => ok(api.GET("/api/knowledge")),
  });
  let list;
  if (isError) list = <LoadError message={t("loadFailed")} onRetry={() => void refetch()} />;
  else if (!data) list = <Loading />;
  else if (data.entries.length === 0) list = <p className="text-slate-600">{t("none")}</p>;
  else
    list = LANGUAGES.filter((l) => data.entries.some((e) => e.language === l)).map((l) => (
      <section key={l} className="mb-6" aria-labelledby={`knowledge-${l}`}>
        <h3 id={`knowledge-${l}`} className="font-semibold text-slate-900">
          {t(`languages.${l}`)}
        </h3>
        <p className="mt-1 text-sm text-slate-600" data-testid={`knowledge-mode-${l}`}>
          {t(`mode.${data.modes[l]}`, { language: t(`languages.${l}`) })}
        </p>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {data.entries
            .filter((e) => e.language === l)
            .map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
        </ul>
      </section>
    ));
  return (
    <>
      <SectionHeader title={t("title")} description={t("description")} />
      <div className="space-y-6">
        <Card testId="knowledge-list">{list}</Card>
        <Card title={t("add")}>
          <EntryForm initial={{ kind: "price", language: defaultLanguage, title: "", details: "" }} />
        </Card>
      </div>
    </>
  );
}

function Entry({ entry }: { entry: KnowledgeEntry }) {
  const t = useTranslations("KnowledgeSection");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => ok(api.DELETE("/api/knowledge/{id}", { params: { path: { id: entry.id } } })),
    onSuccess: (res) => {
      toast.success(res.message);
      void invalidateKnowledge(queryClient);
    },
    onError: (e) => toast.error(failureText(e, t("deleteFailed"))),
  });
  if (editing)
    return (
      <li className="p-3">
        <EntryForm initial={entry} id={entry.id} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3" data-testid="knowledge-entry">
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-600">{t(`kinds.${entry.kind}`)}</p>
        <p className="font-medium break-words text-slate-900">{entry.title}</p>
        <p className="break-words whitespace-pre-line text-slate-700">{entry.details}</p>
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
          {t("edit")}
          <span className="sr-only"> {entry.title}</span>
        </button>
        <button type="button" className="btn-secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
          {t("delete")}
          <span className="sr-only"> {entry.title}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Adds an entry, or (with `id`) saves one in place. Checked by the routes' own schema (loaded on the first submit): a
 * field left empty or too long is named under it; what the server refuses otherwise shows above the form.
 */
function EntryForm({ initial, id, onDone }: { initial: Draft; id?: string; onDone?: () => void }) {
  const t = useTranslations("KnowledgeSection");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: lazyZodResolver<typeof knowledgeEntrySchema>(() =>
      import("@/lib/receptionist/knowledge/knowledge.schemas").then((s) => s.knowledgeEntrySchema),
    ),
    defaultValues: { kind: initial.kind, language: initial.language, title: initial.title, details: initial.details },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const prefix = id ? `knowledge-${id}` : "knowledge-new";
  const save = useMutation({
    mutationFn: (draft: Draft) =>
      ok(id ? api.PUT("/api/knowledge/{id}", { params: { path: { id } }, body: draft }) : api.POST("/api/knowledge", { body: draft })),
    onSuccess: (_answer, draft) => {
      setFailure(null);
      toast.success(t(id ? "saved" : "added"));
      // A new entry's kind and language stay for the next one.
      if (!id) form.reset({ ...draft, title: "", details: "" });
      void invalidateKnowledge(queryClient);
      onDone?.();
    },
    onError: (e) => setFailure(failureText(e, t("addFailed"))),
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const { errors } = form.formState;
  return (
    <form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((draft) => save.mutateAsync(draft).catch(() => undefined))}
    >
      {failure && <FormAlert testId="knowledge-error">{failure}</FormAlert>}
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <SelectField id={`${prefix}-kind`} label={t("kind")} error={errorText("kind", errors.kind)} {...form.register("kind")}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${prefix}-language`}
          label={t("language")}
          error={errorText("language", errors.language)}
          {...form.register("language")}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`languages.${l}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="max-w-2xl space-y-4">
        <TextField
          id={`${prefix}-title`}
          label={t(TITLE_KEY[kind])}
          error={errorText("title", errors.title)}
          maxLength={200}
          {...form.register("title")}
        />
        <TextAreaField
          id={`${prefix}-details`}
          label={t(BODY_KEY[kind])}
          error={errorText("details", errors.details)}
          rows={3}
          maxLength={2000}
          {...form.register("details")}
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || form.formState.isSubmitting}>
          {id ? t("save") : t("add")}
        </button>
        {onDone && (
          <button type="button" className="btn-secondary" onClick={onDone}>
            {t("cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
