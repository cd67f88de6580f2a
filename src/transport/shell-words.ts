/**
 * Splits a command line into words the way a POSIX shell does for quoting only: single quotes are literal,
 * double quotes allow backslash escapes, a backslash outside quotes escapes the next character. No
 * expansion of any kind (variables, globs) happens: the words go to the program as typed.
 * (execa's parseCommandString knows only backslash-escaped spaces, so `--agent-cmd 'x "a b"'` broke.)
 */
export function splitShellWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word += line[++i];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in: ${line}`);
  if (inWord) words.push(word);
  return words;
}
