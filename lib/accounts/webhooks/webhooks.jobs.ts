// Owner webhooks and API access: each delivery attempt, and the notice that a key or an endpoint was made.
// Each job's name and the data it carries, declared into JobData (lib/platform/jobs/queue.ts): checked where it is
// sent and where it is registered.

declare module "@/lib/platform/jobs/queue" {
  interface JobData {
    /**
     * One attempt at sending a webhook delivery to its endpoint; a failed attempt sends the next one, with backoff.
     * The webhook_deliveries row: what is sent is read from it, never kept in the queue. `at`: the attempt this job
     * is for (the row's next_attempt_at when it was queued); a job whose attempt the row no longer waits for does
     * nothing.
     */
    "webhook-delivery": { deliveryId: string; at: string };
    /**
     * Tells the owner that an API key or a webhook endpoint was made on the account: what, when, where to revoke it.
     * `id`: the key's or the endpoint's (one email each); `at`: when it was made (ISO); `name`: the key's name or
     * the endpoint's host; `grants`: its scopes or events. Never the key, the secret or the endpoint's full address.
     */
    "access-made": { userId: string; kind: "apiKey" | "webhookEndpoint"; id: string; at: string; name: string; grants: string[] };
  }
}

export {};
