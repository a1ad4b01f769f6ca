// Checks JSON values against Vapi's own CreateAssistantDto type from @vapi-ai/server-sdk, with the TypeScript compiler:
// Vapi's API refuses an assistant with a field it does not know ("property X should not exist"), and an object literal
// assigned to a declared type gets the same excess-property check. The SDK ships types but no runtime schema.
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FILE = path.join(ROOT, "__vapi_assistant_check__.ts");

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
};

// The SDK's declarations are parsed once per test process: each check hands the previous program to the compiler,
// which reuses every source file but the checked one.
let previous: ts.Program | undefined;

/**
 * The compiler's complaints about each value (all empty when every value is a valid CreateAssistantDto). Several
 * values go through one compilation, each as its own declaration, so a complaint names `assistant<i>`.
 */
export function vapiAssistantErrors(...values: unknown[]): string[] {
  const source = [
    `import type { Vapi } from "@vapi-ai/server-sdk";`,
    ...values.map((v, i) => `export const assistant${i}: Vapi.CreateAssistantDto = ${JSON.stringify(v, null, 2)};`),
    "",
  ].join("\n");
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => (path.resolve(f) === FILE ? source : read(f));
  host.fileExists = (
    (exists) => (f: string) =>
      path.resolve(f) === FILE || exists(f)
  )(host.fileExists.bind(host));
  host.getSourceFile = (f, lang, ...rest) => {
    if (path.resolve(f) === FILE) return ts.createSourceFile(f, source, lang);
    return previous?.getSourceFile(f) ?? getSourceFile(f, lang, ...rest);
  };
  const program = ts.createProgram([FILE], options, host, previous);
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}
