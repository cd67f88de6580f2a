import { describe, expect, it } from "vitest";
import { normalizeSgr } from "../../src/markdown/sgr.js";

const E = "\u001b[";

describe("normalizeSgr", () => {
  it("returns text without escapes unchanged", () => {
    const text = "plain\ntext";
    expect(normalizeSgr(text)).toBe(text);
  });

  it("re-opens every style still open on the next line and closes each line", () => {
    const input = `${E}35m${E}4m${E}1mheading that\nwraps${E}22m${E}24m${E}39m after`;
    expect(normalizeSgr(input)).toBe(`${E}35;1;4mheading that${E}0m\n${E}35;1;4mwraps${E}39;22;24m after`);
  });

  it("keeps leading indentation unstyled and drops codes that style nothing", () => {
    expect(normalizeSgr(`${E}4mlink\n  more${E}24m`)).toBe(`${E}4mlink${E}0m\n  ${E}4mmore${E}0m`);
    expect(normalizeSgr(`${E}90m${E}39mtext`)).toBe("text");
    expect(normalizeSgr(`${E}33m${E}34mblue${E}0m`)).toBe(`${E}34mblue${E}0m`);
  });

  it("understands 256 and true colours, and 22 clearing both bold and dim", () => {
    expect(normalizeSgr(`${E}38;5;208morange\nnext${E}39m`)).toBe(`${E}38;5;208morange${E}0m\n${E}38;5;208mnext${E}0m`);
    expect(normalizeSgr(`${E}1;2mboth${E}22mnone`)).toBe(`${E}1;2mboth${E}22mnone`);
  });
});
