"use client";
// The webhook and API key sections, loaded once the page runs: their forms, and the form library with them, stay out of
// the page's first load. A failed download is said, with Try again.
import { useTranslations } from "next-intl";
import { Card, LoadError, Loading } from "@/components/dashboard/ui";
import { useModule } from "@/lib/platform/client/use-module";

const loadWebhooks = () => import("./webhook-endpoints");
const loadApiKeys = () => import("./api-keys");

export function WebhookEndpointsSection() {
  const t = useTranslations("IntegrationsSection.webhooks");
  const part = useModule(loadWebhooks);
  if (part.module) return <part.module.WebhookEndpoints />;
  return <Card title={t("title")}>{part.failed ? <LoadError message={t("loadFailed")} onRetry={part.retry} /> : <Loading />}</Card>;
}

export function ApiKeysSection() {
  const t = useTranslations("IntegrationsSection.apiKeys");
  const part = useModule(loadApiKeys);
  if (part.module) return <part.module.ApiKeys />;
  return <Card title={t("title")}>{part.failed ? <LoadError message={t("loadFailed")} onRetry={part.retry} /> : <Loading />}</Card>;
}
