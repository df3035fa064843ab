import { describe, expect, test } from "bun:test";
import { PAGE_NAMES } from "../../client/routes";
import { pageEntries } from "../../scripts/build-client";

// The page list lives once (client/pages.ts); the browser's hydrate entries are generated from it.
describe("client page entries", () => {
  test("every page of the route table gets an entry, from the one page table", () => {
    const entries = pageEntries();
    expect(entries.map((e) => e.page).sort()).toEqual([...PAGE_NAMES].sort());
    for (const e of entries) expect(e.module).toStartWith("./");
  });
});
