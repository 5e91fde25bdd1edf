// The doors the tools keep, each shown failing on a planted violation: every file in doors/lint/ is
// linted as if it stood where its first line says (`npm run lint`'s own config, eslint.config.js),
// and every file in doors/typecheck/ is compiled with the compiler options of the room it names
// (`npm run typecheck`'s rooms). The planted files are left out of the real lint and typecheck.
import { test, expect } from '../support/node-test.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const doors = join(root, 'test/contract/doors');

/** Each planted file with the place (and the rule) its first line names: `// planted as <place> (<rule>): <why>`. */
function planted(folder: string): Array<{ name: string; path: string; text: string; place: string; rule: string | undefined }> {
  return readdirSync(join(doors, folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const path = join(doors, folder, name);
      const text = readFileSync(path, 'utf8');
      const [, place, rule] = /^\/\/ planted as ([^ :,]+)(?: \(([\w/-]+)\))?[:,]/.exec(text) ?? [];
      if (!place) throw new Error(`${name}: the first line must say "// planted as <path> (<rule>): <why>"`);
      return { name, path, text, place, rule };
    });
}

test.describe('the linter refuses every planted import that breaks a room rule', () => {
  const eslint = new ESLint({ cwd: root });
  const files = planted('lint');
  test('there is one planted file per import rule', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
  });
  for (const file of files) {
    test(file.name, async () => {
      const [result] = await eslint.lintText(file.text, { filePath: join(root, file.place) });
      expect(file.rule, 'the planted file names the rule it breaks').toBeDefined();
      expect((result?.messages ?? []).map((message) => message.ruleId)).toContain(file.rule);
    });
  }
});

test("every file and folder an import rule names exists: a rule whose folder moved would pass by checking nothing", async () => {
  type Block = { files?: string[]; rules?: Record<string, unknown> };
  const config = ((await import(join(root, 'eslint.config.js'))) as { default: Block[] }).default;
  const named = config.filter((block) => Object.keys(block.rules ?? {}).some((rule) => rule.startsWith('rooms/'))).flatMap((block) => block.files ?? []);
  expect(named.length).toBeGreaterThan(10);
  // Up to the first wildcard: `bff/store/**` names bff/store, `demo/*.ts` names demo.
  const missing = named.map((pattern) => pattern.replace(/\/?[^/]*[*?[].*$/, '')).filter((path) => !existsSync(join(root, path)));
  expect(missing).toEqual([]);
});

/** Declaration files as parsed, by path, language version and module format. */
const parsedDeclarations = new Map<string, ts.SourceFile>();

/**
 * `host` reading each declaration file (the libs, @types, a room's own) once for every room's
 * program: the rooms share most of them, and parsing lib.dom.d.ts and @types/node again for each
 * planted file was most of this file's CPU. A declaration file is parsed the same whatever the
 * room (its module detection does not force declarations); the planted files are parsed each time.
 */
function sharingDeclarations(host: ts.CompilerHost): ts.CompilerHost {
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, ...rest) => {
    if (!fileName.endsWith('.d.ts')) return read(fileName, version, ...rest);
    const key = typeof version === 'object' ? `${fileName}|${version.languageVersion}|${version.impliedNodeFormat}` : `${fileName}|${version}`;
    let parsed = parsedDeclarations.get(key);
    if (!parsed) {
      parsed = read(fileName, version, ...rest);
      if (parsed) parsedDeclarations.set(key, parsed);
    }
    return parsed;
  };
  return host;
}

/** The compiler's errors for `file` under the options of the room whose tsconfig is `roomConfig`. */
function compileErrors(roomConfig: string, file: string): string[] {
  const { config } = ts.readConfigFile(roomConfig, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, resolve(roomConfig, '..'));
  const options: ts.CompilerOptions = { ...parsed.options, noEmit: true, composite: false, emitDeclarationOnly: false, declaration: false, incremental: false };
  delete options.tsBuildInfoFile;
  delete options.declarationDir;
  // The room's own declarations (contract/web-platform.d.ts) belong to it like its lib.
  const declarations = parsed.fileNames.filter((name) => name.endsWith('.d.ts'));
  const program = ts.createProgram({ rootNames: [...declarations, file], options, host: sharingDeclarations(ts.createCompilerHost(options)) });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
}

test.describe("the compiler refuses a room's code that uses globals the room does not run with", () => {
  const files = planted('typecheck');
  for (const file of files) {
    const compiles = file.text.split('\n')[0]!.endsWith('and compiles: the globals every runtime has stay usable in contract/.');
    test(file.name, () => {
      // The room's own tsconfig.json: contract/, widget/, demo/src/, bff/ …
      const errors = compileErrors(join(root, file.place, 'tsconfig.json'), file.path);
      if (compiles) expect(errors).toEqual([]);
      else expect(errors.join('\n')).toMatch(/Cannot find name '(document|window|Buffer|process)'/);
    });
  }
});
