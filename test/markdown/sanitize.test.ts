import { describe, expect, it } from "vitest";
import { StreamSanitizer, sanitizeLine, sanitizeText } from "../../src/markdown/sanitize.js";
import { randomSource } from "./markdown-fuzz.js";

const ESC = "\u001b";
const BEL = "\u0007";
const ST = `${ESC}\\`;
/** Anything a terminal could act on: every C0 control but LF and TAB, DEL, and every C1 control. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("sanitizeText", () => {
  it("returns clean text itself, Unicode and emoji included", () => {
    for (const text of ["plain text", "multi\nline\ttabbed", "héllo wörld — “quotes” …", "漢字 👨‍👩‍👧‍👦 🎉 ⚠️", ""]) {
      expect(sanitizeText(text)).toBe(text);
    }
  });

  it("removes an OSC 52 clipboard write, terminated by BEL or ST", () => {
    expect(sanitizeText(`a${ESC}]52;c;ZXZpbA==${BEL}b`)).toBe("ab");
    expect(sanitizeText(`a${ESC}]52;c;ZXZpbA==${ST}b`)).toBe("ab");
    expect(sanitizeText(`a\u009d52;c;ZXZpbA==\u009cb`)).toBe("ab");
  });

  it("removes OSC 0 and OSC 2 title changes and OSC 8 hyperlinks", () => {
    expect(sanitizeText(`${ESC}]0;pwned${BEL}ok`)).toBe("ok");
    expect(sanitizeText(`${ESC}]2;pwned${ST}ok`)).toBe("ok");
    expect(sanitizeText(`${ESC}]8;;https://evil.example${ST}click${ESC}]8;;${ST}`)).toBe("click");
  });

  it("removes CSI sequences, 7-bit and C1", () => {
    expect(sanitizeText(`a${ESC}[2Jb`)).toBe("ab");
    expect(sanitizeText(`a${ESC}[3J${ESC}[H${ESC}[?1049h${ESC}[38;2;255;0;0mb`)).toBe("ab");
    expect(sanitizeText("a\u009b2Jb")).toBe("ab");
    expect(sanitizeText("a\u009b?25lb")).toBe("ab");
  });

  it("removes DCS, SOS, PM and APC strings", () => {
    expect(sanitizeText(`${ESC}P+q544e${ST}after`)).toBe("after");
    expect(sanitizeText("\u0090$qm\u009cafter")).toBe("after");
    expect(sanitizeText(`${ESC}Xsos${ST}${ESC}^pm${ST}${ESC}_apc${ST}after`)).toBe("after");
  });

  it("removes BEL, other C0 controls, DEL and C1 controls, and turns CRLF into LF", () => {
    expect(sanitizeText(`ding${BEL}`)).toBe("ding");
    expect(sanitizeText("one\r\ntwo\rthree")).toBe("one\ntwothree");
    expect(sanitizeText("back\bspace\u0000nul\u007fdel\u0085nel")).toBe("backspacenuldelnel");
    expect(sanitizeText("tab\tand\nnewline stay")).toBe("tab\tand\nnewline stay");
  });

  it("removes other ESC sequences", () => {
    expect(sanitizeText(`${ESC}(Bcharset ${ESC}7saved${ESC}8 ${ESC}=keypad`)).toBe("charset saved keypad");
    expect(sanitizeText(`${ESC}${ESC}[31mred`)).toBe("red");
  });

  it("strips an unterminated sequence to the end of the chunk", () => {
    expect(sanitizeText(`safe${ESC}]52;c;ZXZpbA==`)).toBe("safe");
    expect(sanitizeText(`safe${ESC}]0;title with\nnewline`)).toBe("safe");
    expect(sanitizeText(`safe${ESC}P1$r`)).toBe("safe");
    expect(sanitizeText(`safe${ESC}[12;`)).toBe("safe");
    expect(sanitizeText(`safe${ESC}`)).toBe("safe");
  });

  it("ends a string at CAN or SUB, or at an ESC that starts another sequence", () => {
    expect(sanitizeText(`${ESC}]0;t\u0018visible`)).toBe("visible");
    expect(sanitizeText(`${ESC}]0;t${ESC}[2Jvisible`)).toBe("visible");
  });

  it("keeps a character that cannot continue a CSI as text", () => {
    expect(sanitizeText(`${ESC}[1é`)).toBe("é");
  });

  it("never lets a control character through (random input)", () => {
    const random = randomSource(7);
    const alphabet = [
      ESC,
      "[",
      "]",
      "P",
      "\\",
      BEL,
      "\u009b",
      "\u009c",
      "\u009d",
      "\r",
      "\n",
      "\t",
      "2",
      ";",
      "J",
      "m",
      "a",
      "é",
      "🎉",
      "\u0018",
      "\u007f",
      "\u0085",
    ];
    for (let run = 0; run < 2000; run++) {
      let text = "";
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      const clean = sanitizeText(text);
      expect(clean).not.toMatch(CONTROL);
      expect(sanitizeText(clean)).toBe(clean);
    }
  });
});

describe("sanitizeLine", () => {
  it("also turns newlines and tabs into spaces", () => {
    expect(sanitizeLine("rm -rf /\ntmp\tx")).toBe("rm -rf / tmp x");
    expect(sanitizeLine(`title${ESC}]0;x${BEL}\r\n`)).toBe("title ");
  });

  it("returns a clean line itself", () => {
    const line = "git push origin main 🚀";
    expect(sanitizeLine(line)).toBe(line);
  });
});

describe("StreamSanitizer", () => {
  it("swallows a sequence split across chunks", () => {
    const stream = new StreamSanitizer();
    expect(stream.push(`a${ESC}]52;c;AAAA`)).toBe("a");
    expect(stream.inSequence).toBe(true);
    expect(stream.push("BBBB")).toBe("");
    expect(stream.push(`CC${BEL}b`)).toBe("b");
    expect(stream.inSequence).toBe(false);
    expect(stream.push(`${ESC}`)).toBe("");
    expect(stream.push("[2Jc")).toBe("c");
  });

  it("returns a clean chunk itself when no sequence is open", () => {
    const stream = new StreamSanitizer();
    const chunk = "plain chunk\n";
    expect(stream.push(chunk)).toBe(chunk);
  });

  it("gives the same text as sanitizing the whole stream at once, however it is chunked", () => {
    const random = randomSource(11);
    const whole = `start ${ESC}]52;c;${"QUJD".repeat(50)}${BEL} mid ${ESC}[2J${ESC}P1$r${ST} \u009b31m end\r\n${ESC}]0;t${ST}done`;
    for (let run = 0; run < 200; run++) {
      const stream = new StreamSanitizer();
      let out = "";
      for (let i = 0; i < whole.length;) {
        const size = 1 + Math.floor(random() * 12);
        out += stream.push(whole.slice(i, i + size));
        i += size;
      }
      expect(out).toBe(sanitizeText(whole));
    }
  });

  it("forgets an open sequence on reset", () => {
    const stream = new StreamSanitizer();
    stream.push(`${ESC}]0;never closed`);
    stream.reset();
    expect(stream.push("next message")).toBe("next message");
  });
});
