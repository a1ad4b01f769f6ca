"use client";
// Admin provider numbers: the pool with refresh, a number added by hand (add-pool-number.tsx), a country filter (on the server: ?country=), search (number, country
// or assigned user's name), delete with confirmation (an assigned number is refused by the server) and the CSV export,
// telnyx-numbers.csv.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { numbersCsv } from "@/lib/platform/format/csv";
import { api, ok, failureText, type Answer } from "@/lib/platform/client/api";
import { adminKeys, invalidateAdmin } from "@/lib/platform/client/queries/admin";
import { formatCountry, formatShortDate } from "@/lib/platform/format/intl";
import { useInternationalPhone } from "../phone";
import { AddPoolNumber } from "./add-pool-number";
import { Badge, ConfirmDialog, LoadError, Loading, SearchTable, SectionHeader } from "../ui";

const CSV_FILE = "telnyx-numbers.csv";

type Pool = Answer<"/api/admin/phone-numbers/telnyx">;
type PoolNumber = Pool["phoneNumbers"][number];

/** `country` ("" for every country) narrows the list on the server; `countries` are the whole pool's, for the filter. */
function loadPool(country: string): Promise<Pool> {
  return ok(api.GET("/api/admin/phone-numbers/telnyx", { params: { query: { country } } }));
}

/**
 * `shown` is the number as the page writes it: a search typed the way it reads ("(212) 555-0100", "06 12…") finds it
 * too; `country` is its country's name as shown.
 */
function matchesNumber(
  n: Pick<PoolNumber, "phoneNumber" | "region" | "assignedToUserName">,
  search: string,
  shown: string,
  country: string,
): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const digits = q.replace(/[^\d]/g, "");
  return (
    n.phoneNumber.toLowerCase().includes(q) ||
    shown.toLowerCase().includes(q) ||
    (digits.length > 0 && (n.phoneNumber.replace(/[^\d]/g, "").includes(digits) || shown.replace(/[^\d]/g, "").includes(digits))) ||
    n.region.toLowerCase().includes(q) ||
    country.toLowerCase().includes(q) ||
    (n.assignedToUserName ?? "").toLowerCase().includes(q)
  );
}

export function AdminNumbers() {
  const t = useTranslations("AdminNumbers");
  const locale = useLocale();
  const qc = useQueryClient();
  const [country, setCountry] = useState("");
  const query = useQuery({
    queryKey: adminKeys.pool(country),
    queryFn: () => loadPool(country),
    // The previous list stays while another country's loads: no flash of the spinner.
    placeholderData: keepPreviousData,
  });
  const formatPhone = useInternationalPhone();
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<PoolNumber | null>(null);
  const pool = query.data?.phoneNumbers ?? [];
  const numbers = pool.filter((n) => matchesNumber(n, search, formatPhone(n.phoneNumber), formatCountry(n.region, locale)));
  // The filter offers the pool's countries, and keeps the chosen one while it is chosen.
  const countries = [...new Set([...(query.data?.countries ?? []), ...(country ? [country] : [])])].sort((a, b) =>
    formatCountry(a, locale).localeCompare(formatCountry(b, locale), locale),
  );
  const remove = useMutation({
    mutationFn: (id: string) => ok(api.DELETE("/api/admin/phone-numbers/{id}", { params: { path: { id } } })),
    onSuccess: async () => {
      setDeleting(null);
      toast.success(t("deleted"));
      await invalidateAdmin(qc);
    },
    onError: (e) => {
      setDeleting(null);
      // The server's message ("Cannot delete an assigned phone number") first.
      toast.error(failureText(e, t("deleteFailed")));
    },
  });

  const exportCsv = () => {
    // The pool of the chosen country (every country's when none is), whatever the search shows.
    const csv = numbersCsv(pool, {
      phoneNumber: t("csv.phoneNumber"),
      region: t("csv.region"),
      phoneNumberType: t("csv.phoneNumberType"),
      assignedTo: t("csv.assignedTo"),
      created: t("csv.created"),
      available: t("available"),
      assigned: t("assigned"),
    });
    // A byte-order mark, so spreadsheet software reads accents in names as UTF-8.
    const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: CSV_FILE });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <>
      <SectionHeader
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <button type="button" className="btn-secondary" disabled={query.isFetching} onClick={() => query.refetch()}>
              {query.isFetching && !query.isPending ? t("refreshing") : t("refresh")}
            </button>
            <button type="button" className="btn-primary" disabled={!query.data} onClick={exportCsv}>
              {t("export")}
            </button>
          </>
        }
      />
      <AddPoolNumber />
      <div className="mb-4 max-w-xs">
        <label htmlFor="number-country" className="field-label">
          {t("countryFilter")}
        </label>
        <select id="number-country" className="field-input" value={country} onChange={(e) => setCountry(e.target.value)}>
          <option value="">{t("allCountries")}</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {formatCountry(c, locale)}
            </option>
          ))}
        </select>
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t("loadFailed")} onRetry={() => query.refetch()} />
      ) : (
        <SearchTable
          title={t("title")}
          id="number-search"
          label={t("search")}
          placeholder={t("searchPlaceholder")}
          search={search}
          onSearch={setSearch}
          count={t("count", { count: numbers.length })}
          columns={(["number", "country", "assignedTo", "created", "status", "actions"] as const).map((c) => t(`columns.${c}`))}
          minWidth="44rem"
          empty={numbers.length === 0 ? t("noMatch") : null}
        >
          {numbers.map((n) => (
            <tr key={n.id} data-testid="number-row">
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {formatPhone(n.phoneNumber)}
              </th>
              <td className="px-4 py-3 text-slate-700" data-testid="number-country">
                {formatCountry(n.region, locale)}
              </td>
              <td className="px-4 py-3 text-slate-700">
                {n.isAssigned ? (n.assignedToUserName ?? t("assigned")) : <Badge tone="green">{t("available")}</Badge>}
              </td>
              <td className="px-4 py-3 text-slate-700">{formatShortDate(n.createdAt, locale)}</td>
              <td className="px-4 py-3">
                <Badge tone={n.status === "active" ? "green" : "gray"}>
                  {t.has(`statuses.${n.status}`) ? t(`statuses.${n.status}`) : n.status}
                </Badge>
              </td>
              <td className="px-4 py-3">
                {/* An assigned number answers an account's calls: it is released from the account before it can go. */}
                {n.isAssigned ? (
                  <span className="text-sm text-slate-600" data-testid="number-release-first">
                    {t("releaseFirst")}
                  </span>
                ) : (
                  <button type="button" className="btn-secondary" onClick={() => setDeleting(n)}>
                    {t("delete")}
                    <span className="sr-only"> {formatPhone(n.phoneNumber)}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </SearchTable>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("deleteTitle")}
        confirmLabel={t("delete")}
        busyLabel={t("deleting")}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id).catch(() => undefined) : undefined)}
      >
        {deleting && <p>{t("deleteText", { number: formatPhone(deleting.phoneNumber) })}</p>}
      </ConfirmDialog>
    </>
  );
}
