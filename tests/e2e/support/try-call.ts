// The dashboard's Try call as a test talks to it: the receptionist's last reply, the suggestion chips and the words box.
import { expect, type Page } from "@playwright/test";
import { m, type Locale } from "./messages";

export function conversation(page: Page, locale: Locale) {
  const lastReply = page.locator('[data-testid="try-turn"][data-speaker="receptionist"]').last();
  const chips = page.getByRole("group", { name: m(locale, "TrySection.suggestions") });
  const expectReply = async (text: string) => {
    await expect(lastReply).toContainText(text);
    // The reply has arrived and the page is ready for the next words.
    await expect(page.getByTestId("try-answering")).toHaveCount(0);
  };
  return {
    lastReply,
    expectReply,
    chip: async (words: string, reply: string) => {
      await chips.getByRole("button", { name: words, exact: true }).click();
      await expectReply(reply);
    },
    type: async (words: string, reply: string) => {
      await page.getByLabel(m(locale, "TrySection.yourWords")).fill(words);
      await page.getByRole("button", { name: m(locale, "TrySection.send"), exact: true }).click();
      await expectReply(reply);
    },
  };
}
