// Owners who work through their public holidays. A business is closed on its public holidays from the moment it is
// created, and specs book a few days ahead on whatever date the suite runs (25 December and 1 January fall in
// December's windows): owners made for specs that are not about holidays open every one of them, through the API an
// owner would use (the Closures page's "Open this day"). tests/e2e/closures.spec.ts keeps them closed on purpose.
import { expect, type APIRequestContext } from "@playwright/test";

/** Opens every public holiday of the owner whose token this is, on the server `request` talks to. */
export async function workThroughHolidays(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get("/api/closures/holidays", { headers });
  expect(list.status(), await list.text()).toBe(200);
  const { holidays } = (await list.json()) as { holidays: { day: string; open: boolean }[] };
  for (const h of holidays.filter((x) => !x.open)) {
    const opened = await request.put(`/api/closures/holidays/${h.day}`, { headers, data: { open: true } });
    expect(opened.status(), await opened.text()).toBe(200);
  }
}
