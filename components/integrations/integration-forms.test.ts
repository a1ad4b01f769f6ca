import { describe, expect, it } from "vitest";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { createApiKeySchema } from "@/lib/accounts/api-keys/api-keys.schemas";
import { webhookEndpointSchema } from "@/lib/accounts/webhooks/webhooks.schemas";
import en from "@/messages/en.json";

const options = { fields: {}, shouldUseNativeValidation: false };
const endpoint = (values: unknown) => lazyZodResolver(async () => webhookEndpointSchema)(values as never, undefined, options);
const apiKey = (values: unknown) => lazyZodResolver(async () => createApiKeySchema)(values as never, undefined, options);

describe("the Integrations page's forms, checked by their routes' schemas", () => {
  it("name an empty address and no event chosen, each with its own wording", async () => {
    const { errors } = await endpoint({ url: " ", description: "", events: [], password: "" });
    expect(errors).toMatchObject({ url: { message: "required" }, events: { message: "required" } });
    expect(Object.keys(errors).sort()).toEqual(["events", "url"]);
    // useErrorText reads "required" on `events` as this key.
    expect(en.Validation.eventsRequired).toBeDefined();
  });

  it("send what the add and edit forms hold as the routes read it", async () => {
    const filled = { url: " https://crm.example/hooks ", description: "", events: ["task.created", "appointment.booked"] };
    expect(await endpoint({ ...filled, password: "" })).toEqual({
      values: { url: "https://crm.example/hooks", description: "", events: ["appointment.booked", "task.created"], password: "" },
      errors: {},
    });
    expect((await endpoint({ ...filled, enabled: false, password: "" })).values).toMatchObject({ enabled: false });
  });

  it("name a key without a name or a scope, in words of their own", async () => {
    const { errors } = await apiKey({ name: "  ", scopes: [], password: "" });
    expect(errors).toMatchObject({ name: { message: "required" }, scopes: { message: "required" } });
    // The form names the key's name "keyName" (the shared "name" is a person's full name).
    expect(en.Fields.keyName).toBeDefined();
    expect(en.Validation.keyNameRequired).toBeDefined();
    expect(en.Validation.scopesRequired).toBeDefined();
    expect((await apiKey({ name: " CRM ", scopes: ["calls:read"], password: "" })).values).toEqual({
      name: "CRM",
      scopes: ["calls:read"],
      password: "",
    });
  });
});
