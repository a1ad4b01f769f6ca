import type { QueryClient } from "@tanstack/react-query";

const all = ["webhooks"] as const;
export const webhookKeys = {
  all,
  endpoints: () => [...all, "endpoints"] as const,
  deliveries: (endpointId: string) => [...all, "deliveries", endpointId] as const,
};

/** An endpoint added, changed or removed, or its state changed by a delivery: the list and its badges. */
export const invalidateWebhookEndpoints = (qc: QueryClient) => qc.invalidateQueries({ queryKey: webhookKeys.endpoints() });

/** A delivery sent to an endpoint (a test, a resend): its log, and the endpoints, whose state it changes. */
export const invalidateWebhookDeliveries = (qc: QueryClient, endpointId: string) =>
  Promise.all([qc.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }), invalidateWebhookEndpoints(qc)]);
