// Reading an example's code as text, enough to know what it names: its string literals and comments
// told apart from its code. Regular-expression literals are not recognised (no example needs them).

const TOKENS = /\/\/.*$|\/\*[\s\S]*?\*\/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/gm;
const IDENTIFIER = /(?<![.\w$])[A-Za-z_$][\w$]*/g;
const DECLARED = /\b(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/g;
const DESTRUCTURED = /\b(?:const|let|var)\s*[{[]([^}\]=]*)[}\]]\s*=/g;
const IMPORTED =
  /\bimport\s+(?:type\s+)?(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\}|\*\s+as\s+([A-Za-z_$][\w$]*))?\s*from\b/g;

/** `code` with its comments and string literals removed. */
export function withoutLiterals(code: string): string {
  return code.replace(TOKENS, (token) => (token.startsWith("/") ? "" : '""'));
}

/** Where the line comment of `line` starts (its `//`), if it has one outside a string. */
export function lineCommentAt(line: string): number | undefined {
  for (const token of line.matchAll(TOKENS)) if (token[0].startsWith("//")) return token.index;
  return undefined;
}

/** The names `code` uses as values or types (not as a member after a dot). */
export function namesUsed(code: string): Set<string> {
  return new Set(withoutLiterals(code).match(IDENTIFIER) ?? []);
}

/** The last name of each `a`, `a as b`, `a: b`, `...a` in a comma list. */
function listedNames(list: string): string[] {
  return list
    .split(",")
    .map((part) =>
      part
        .trim()
        .split(/\s+as\s+|:\s*/)
        .pop()!
        .replace(/^\.\.\.|^type\s+/, "")
        .trim(),
    )
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

/** The names `code` declares or imports itself at any depth (`const x`, `function f`, `import { y }`). */
export function namesDeclared(code: string): Set<string> {
  const text = withoutLiterals(code);
  const names = [...text.matchAll(DECLARED)].map((match) => match[1]!);
  for (const match of text.matchAll(DESTRUCTURED)) names.push(...listedNames(match[1]!));
  for (const match of text.matchAll(IMPORTED)) {
    if (match[1]) names.push(match[1]);
    if (match[2]) names.push(...listedNames(match[2]));
    if (match[3]) names.push(match[3]);
  }
  return new Set(names);
}
